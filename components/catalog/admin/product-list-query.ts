/**
 * The one query of the Product Management table, for GET /api/products in the browser and for
 * the page's first read on the server (through the same parser, so both share one cache entry).
 */

/** Spec §9: the admin table shows 18 products a page. */
export const ADMIN_PAGE_SIZE = 18;

/** Page `page` (from 1), newest first, every image; `q` searches name or SKU ('' = every product). */
export function productListQuery(page: number, q: string): Record<string, string> {
  const query: Record<string, string> = { page: String(page), limit: String(ADMIN_PAGE_SIZE), include_images: 'true', sort: 'newest' };
  if (q) query.q = q;
  return query;
}
