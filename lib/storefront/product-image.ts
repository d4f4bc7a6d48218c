/** Choosing which picture a product shows (spec §3 Product images, §9 fallback). */

export type ImageLike = { image_url: string | null | undefined; sort_order?: number | null; is_primary?: boolean | null };

/**
 * The address of the image to show: the one marked primary, else the lowest sort_order; null when
 * there is no usable address. Addresses must be site-relative (/api/images/…) or http(s).
 */
export function primaryImageUrl(images: ImageLike[] | null | undefined): string | null {
  const usable = (images ?? []).filter((i) => isUsableImageUrl(i.image_url));
  if (usable.length === 0) return null;
  const primary = usable.find((i) => i.is_primary);
  if (primary) return primary.image_url as string;
  const sorted = [...usable].sort((a, b) => (a.sort_order ?? Number.MAX_SAFE_INTEGER) - (b.sort_order ?? Number.MAX_SAFE_INTEGER));
  return sorted[0].image_url as string;
}

/** Images in display order (primary first, then by sort_order), usable addresses only. */
export function orderedImages<T extends ImageLike>(images: T[] | null | undefined): T[] {
  return (images ?? [])
    .filter((i) => isUsableImageUrl(i.image_url))
    .sort((a, b) => Number(Boolean(b.is_primary)) - Number(Boolean(a.is_primary)) || (a.sort_order ?? 0) - (b.sort_order ?? 0));
}

/** True for a site-relative path or an http(s) URL; anything else (javascript:, data:, blank) is refused. */
export function isUsableImageUrl(url: string | null | undefined): url is string {
  if (!url || typeof url !== 'string') return false;
  const u = url.trim();
  if (u.startsWith('/') && !u.startsWith('//')) return true;
  return /^https?:\/\/[^\s]+$/i.test(u);
}
