// GET /api/products/featured — featured products (spec §7 storefront, Home)
import { getFeaturedProducts } from '@/lib/catalog/read/queries';
import { PUBLIC_CACHE_HEADERS } from '@/lib/catalog/read/cache';
import { json, route } from '@/lib/http/route';
import { listLimitQuery } from '@/lib/catalog/query-schema';

/** Query: limit (optional, clamped by listLimitQuery). 200 → Product[] with rooms interleaved; 400 for a non-numeric limit. */
export const GET = route({ auth: 'public', query: listLimitQuery }, async ({ query }) =>
  json(await getFeaturedProducts(query.limit ?? 8), 200, { headers: PUBLIC_CACHE_HEADERS }),
);
