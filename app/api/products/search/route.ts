// GET /api/products/search?query= — product search (spec §7 storefront)
import { searchWithSuggestion } from '@/lib/catalog/read/no-dead-ends';
import { PUBLIC_CACHE_HEADERS } from '@/lib/catalog/read/cache';
import { json, route } from '@/lib/http/route';
import { parseProductQuery } from '@/lib/catalog/query-schema';

/**
 * Query: query (also q or search), page, limit, and the same filters as GET /api/products.
 * Full-text search with typo tolerance, best matches first; a blank query falls back to the full
 * list (spec §5). 200 → { products, currentPage, totalPages, total }, plus `did_you_mean` when the
 * search found nothing and a correction of it finds products (docs/search.md "No dead ends"); 400
 * for a bad value.
 */
export const GET = route({ auth: 'public', query: parseProductQuery }, async ({ query: { q, ...rest } }) =>
  json(await searchWithSuggestion(q ?? '', rest), 200, { headers: PUBLIC_CACHE_HEADERS }),
);
