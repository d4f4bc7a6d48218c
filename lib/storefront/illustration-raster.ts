/**
 * Product drawings as raster pictures: search engines and social networks take PNG,
 * JPEG or WebP, not SVG, so the product's structured data and its share picture use the drawing of
 * its kind, tinted with its colour as on the page, rendered to PNG with sharp.
 *
 * Addresses: /illustrations/{kind}.png (the drawing's own colours) or /illustrations/{kind}-{rrggbb}.png
 * (tinted), served by app/illustrations/[picture]/route.ts.
 */
import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { TINTED_FILLS, illustrationKind } from '@/lib/storefront/illustration-sprite';
import { ILLUSTRATIONS, illustrationOf, type IllustrationSubject, type Illustration } from '@/lib/catalog/illustrations';
import { tintFor } from '@/lib/storefront/colour-swatch';

/** The drawings are 240 × 180; rendered 1200 × 900 on white. */
export const RASTER_SIZE = { width: 1200, height: 900 } as const;

/** The PNG address of a product's drawing, tinted by its colour (site-relative). */
export function illustrationPngPath(product: IllustrationSubject & { color?: string | null }): string {
  const kind = illustrationKind(illustrationOf(product));
  const tint = tintFor(product.color);
  return `/illustrations/${kind}${tint ? `-${tint.slice(1)}` : ''}.png`;
}

/** The kind and tint of a raster address's last segment ("sofa-a3a6a8.png"), or null when it names no drawing. */
export function parseIllustrationPng(segment: string): { kind: Illustration; tint: string | null } | null {
  const m = /^([a-z]+(?:-[a-z]+)*?)(?:-([0-9a-f]{6}))?\.png$/.exec(segment);
  if (!m || !(ILLUSTRATIONS as readonly string[]).includes(m[1])) return null;
  return { kind: m[1] as Illustration, tint: m[2] ? `#${m[2]}` : null };
}

/** The drawing of `kind` as SVG text, its light fills in `tint` (the drawing's own colours when null). */
export async function tintedSvg(kind: Illustration, tint: string | null): Promise<string> {
  let svg = await readFile(path.join(process.cwd(), 'public', 'illustrations', `${kind}.svg`), 'utf8');
  svg = svg.replace(/<title>[\s\S]*?<\/title>/, '');
  if (tint) for (const fill of TINTED_FILLS) svg = svg.replaceAll(`fill="${fill}"`, `fill="${tint}"`);
  return svg;
}

/**
 * The drawing as a PNG of `width` px (height in the drawing's 4:3), on white or, with
 * `transparent`, on nothing (for compositing into a share picture).
 */
export async function illustrationPng(kind: Illustration, tint: string | null, { width = RASTER_SIZE.width as number, transparent = false } = {}): Promise<Buffer> {
  const svg = await tintedSvg(kind, tint);
  // density: the SVG's 240 px at 72 dpi scaled to the width asked for, so lines are drawn sharp rather than upscaled.
  const image = sharp(Buffer.from(svg), { density: (72 * width) / 240 }).resize(width, Math.round((width * 3) / 4));
  return (transparent ? image : image.flatten({ background: '#ffffff' })).png({ compressionLevel: 9 }).toBuffer();
}
