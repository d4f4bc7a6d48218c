/**
 * GET /illustrations/{kind}.png, /illustrations/{kind}-{rrggbb}.png — a product drawing as a 1200 × 900
 * PNG on white, its light fills in the given colour (lib/storefront/illustration-raster.ts). The
 * picture of a product without a photo in its structured data (search engines take PNG,
 * JPEG or WebP only). Unknown kinds answer 404.
 *
 * The picture is a function of its address alone: each is rendered once, on its first request, and
 * kept (static, no paths at build).
 */
import { notFound } from 'next/navigation';
import { illustrationPng, parseIllustrationPng } from '@/lib/storefront/illustration-raster';

export const dynamic = 'force-static';
export const dynamicParams = true;

/** No picture at build time; each is rendered on its first request, then kept. */
export function generateStaticParams(): { picture: string }[] {
  return [];
}

export async function GET(_request: Request, { params }: { params: Promise<{ picture: string }> }): Promise<Response> {
  const parsed = parseIllustrationPng((await params).picture);
  if (!parsed) notFound();
  const png = await illustrationPng(parsed.kind, parsed.tint);
  return new Response(new Uint8Array(png), {
    headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' },
  });
}
