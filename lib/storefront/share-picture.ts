/**
 * What the share pictures show: a product's picture (its uploaded photo, else its
 * tinted drawing), as a PNG data URL for ImageResponse, which draws PNG and JPEG but not WebP, the
 * format uploads are stored in.
 */
import 'server-only';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { illustrationPng } from '@/lib/storefront/illustration-raster';
import { illustrationKind } from '@/lib/storefront/illustration-sprite';
import { illustrationFor, illustrationOf, type IllustrationSubject } from '@/lib/catalog/illustrations';
import { tintFor } from '@/lib/storefront/colour-swatch';
import { primaryImageUrl, type ImageLike } from '@/lib/storefront/product-image';
import { localImagePath } from '@/lib/storage/local';

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** The bytes of an uploaded photo: from local disk (/api/images/…) or its https address; null when it cannot be read. */
async function photoBytes(url: string): Promise<Buffer | null> {
  try {
    const local = /^\/api\/images\/([^/?#]+)$/.exec(url);
    if (local) {
      const file = localImagePath(local[1]);
      return file ? await readFile(file) : null;
    }
    if (!/^https:\/\//i.test(url)) return null;
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
  } catch (e) {
    console.warn('share picture: could not read the product photo, using its drawing', url, e instanceof Error ? e.message : e);
    return null;
  }
}

/** A product's picture for its share card, fitted within 1140 × 856 px, as a PNG data URL. */
export async function productSharePicture(product: IllustrationSubject & { color?: string | null; images?: ImageLike[] | null }): Promise<string> {
  const photo = primaryImageUrl(product.images);
  const bytes = photo ? await photoBytes(photo) : null;
  if (bytes) {
    try {
      return dataUrl(await sharp(bytes).resize(1140, 856, { fit: 'inside', withoutEnlargement: true }).png().toBuffer());
    } catch (e) {
      console.warn('share picture: the product photo is not a readable image, using its drawing', photo, e instanceof Error ? e.message : e);
    }
  }
  return dataUrl(await illustrationPng(illustrationKind(illustrationOf(product)), tintFor(product.color), { width: 1140, transparent: true }));
}

/** The drawing that stands for a room ("Living room" → the sofa), as a PNG data URL. */
export async function roomSharePicture(roomName: string): Promise<string> {
  return dataUrl(await illustrationPng(illustrationKind(illustrationFor(roomName)), null, { width: 840, transparent: true }));
}

/** Three drawings for the shop's own card. */
export async function shopSharePictures(): Promise<string[]> {
  return Promise.all((['sofa', 'bed', 'table'] as const).map(async (kind) => dataUrl(await illustrationPng(kind, null, { width: 600, transparent: true }))));
}
