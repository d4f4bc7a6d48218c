// GET /api/products/promotions — promotion groups (spec §7 storefront, Home and /promotional-products)
import { getPromotionGroups } from '@/lib/catalog/read/queries';
import { PUBLIC_CACHE_HEADERS } from '@/lib/catalog/read/cache';
import { json, route } from '@/lib/http/route';
import { listLimitQuery } from '@/lib/catalog/query-schema';

/**
 * Query: limit = products per group (optional, clamped by listLimitQuery; default all).
 * 200 → [{ id, name, products: [{ id, name, description, originalPrice, promotionalPrice,
 * percentSaved, images, imageUrl, … }] }] — decimal dollars, biggest saving first. An empty array
 * when nothing is on promotion.
 */
export const GET = route({ auth: 'public', query: listLimitQuery }, async ({ query }) =>
  json(await getPromotionGroups({ perGroup: query.limit }), 200, { headers: PUBLIC_CACHE_HEADERS }),
);
