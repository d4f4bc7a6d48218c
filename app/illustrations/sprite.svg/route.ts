/**
 * GET /illustrations/sprite.svg — every product illustration as one SVG sprite (lib/storefront/illustration-sprite.ts),
 * built from public/illustrations at `next build` (force-static) and served as a static file.
 * Output: image/svg+xml, one <symbol id="{kind}" viewBox="0 0 240 180"> per kind of ILLUSTRATIONS.
 * Spec §9 (fallback product pictures).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildIllustrationSprite } from '@/lib/storefront/illustration-sprite';
import { ILLUSTRATIONS } from '@/lib/catalog/illustrations';

export const dynamic = 'force-static';

export async function GET(): Promise<Response> {
  const dir = path.join(process.cwd(), 'public', 'illustrations');
  const files = await Promise.all(ILLUSTRATIONS.map(async (kind) => ({ kind, svg: await readFile(path.join(dir, `${kind}.svg`), 'utf8') })));
  return new Response(buildIllustrationSprite(files), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400' },
  });
}
