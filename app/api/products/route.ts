// GET /api/products — one page of products with filters and search (spec §7 storefront and admin)
import { listProducts } from '@/lib/catalog/queries';
import { PUBLIC_CACHE_HEADERS } from '@/lib/catalog/cache';
import { json, route } from '@/lib/http/route';
import { parseProductQuery } from '@/lib/validation/catalog';

/**
 * Query: page, limit (default 18, at most 100), include_images, q|query|search, category (ids,
 * repeated or comma list; a room means its subcategories), style, function, mobility,
 * width_min/width_max/height_min/height_max/depth_min/depth_max (cm), sort.
 * 200 → { products: Product[], currentPage, totalPages, total } (prices in decimal dollars);
 * page is clamped to 1..totalPages. 400 → { message, code } for a bad value (e.g. page=abc).
 */
export const GET = route({ auth: 'public' }, async ({ req }) => {
  const params = parseProductQuery(new URL(req.url).searchParams);
  return json(await listProducts(params), 200, { headers: PUBLIC_CACHE_HEADERS });
});
