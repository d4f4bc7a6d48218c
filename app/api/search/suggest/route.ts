// GET /api/search/suggest?q= — suggestions as the shopper types (public; docs/search.md "Suggestions as you type")
import { PUBLIC_CACHE_HEADERS } from '@/lib/catalog/read/cache';
import { suggestQuerySchema } from '@/lib/catalog/query-schema';
import { json, route } from '@/lib/http/route';
import { searchSuggestions } from '@/lib/storefront/search-suggestions';

/**
 * Query: q, the search text as typed. 200 → { query, products, categories, brands }, at most 8
 * suggestions in all (none for a blank, one-character or letterless q), cached per q by the shared
 * cache like every public catalogue read; 400 when q is over 100 characters or holds a control
 * character; 503 when the catalogue is busy.
 */
export const GET = route({ auth: 'public', query: suggestQuerySchema }, async ({ query }) => json(await searchSuggestions(query.q ?? ''), 200, { headers: PUBLIC_CACHE_HEADERS }));
