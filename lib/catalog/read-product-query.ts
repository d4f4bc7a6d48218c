/**
 * Reads the /products page's search params into its state (lib/catalog/product-query.ts) through the
 * shared products query schema (lib/catalog/query-schema.ts, also used by GET /api/products).
 * Never throws: on a malformed value the page shows the unfiltered list with the schema's message.
 */
import 'server-only';
import type { ProductListParams } from '@/lib/catalog/types';
import { safeParseProductQuery } from '@/lib/catalog/query-schema';
import { emptyQuery, type ProductQuery } from '@/lib/catalog/product-query';

export type RawSearchParams = Record<string, string | string[] | undefined>;

/** The page state for parsed list params (page at least 1, ids and values unique). */
export function fromListParams(p: ProductListParams): ProductQuery {
  const s = emptyQuery();
  if (p.q?.trim()) s.q = p.q.trim();
  s.category = [...new Set(p.categoryIds ?? [])].filter((n) => n > 0);
  s.style = [...new Set(p.style ?? [])];
  s.function = [...new Set(p.function ?? [])];
  s.mobility = [...new Set(p.mobility ?? [])];
  for (const d of ['width', 'height', 'depth'] as const) {
    const r = p[d];
    s[d] = {};
    if (r?.min !== undefined) s[d].min = Math.round(r.min);
    if (r?.max !== undefined) s[d].max = Math.round(r.max);
  }
  s.onSale = p.onSale === true;
  if (p.minRating !== undefined) s.minRating = p.minRating;
  s.sort = p.sort;
  s.page = p.page && p.page > 0 ? p.page : 1;
  return s;
}

export function readProductQuery(raw: RawSearchParams): { state: ProductQuery; error: string | null } {
  const { params, error } = safeParseProductQuery(raw);
  return { state: fromListParams(params), error };
}
