/**
 * Reads the /products page's search params into its state (lib/ui/product-query.ts).
 * Never throws: malformed values are dropped, so a hand-edited URL still shows a listing.
 */
import { DIMENSIONS, FACETS, SORTS, emptyQuery, type ProductQuery, type RangeCm, type SortKey } from './product-query';

export type RawSearchParams = Record<string, string | string[] | undefined>;

const all = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
/** Repeated keys; ids may also be comma-joined (category=1,2). Facet values may hold commas. */
const list = (v: string | string[] | undefined, splitCommas = false) =>
  all(v)
    .flatMap((s) => (splitCommas ? s.split(',') : [s]))
    .map((s) => s.trim())
    .filter(Boolean);

const wholeCm = (v: string | string[] | undefined): number | undefined => {
  const s = all(v)[0]?.trim();
  if (!s) return undefined;
  const n = Number(s);
  return Number.isFinite(n) && n >= 0 && n <= 10_000 ? Math.round(n) : undefined;
};

export function readProductQuery(raw: RawSearchParams): ProductQuery {
  const s = emptyQuery();
  const q = all(raw.q)[0]?.trim();
  if (q) s.q = q.slice(0, 200);
  s.category = [...new Set(list(raw.category, true).map(Number).filter((n) => Number.isInteger(n) && n > 0))];
  for (const key of FACETS) s[key] = [...new Set(list(raw[key]).map((v) => v.slice(0, 80)))];
  for (const d of DIMENSIONS) {
    const r: RangeCm = {};
    const min = wholeCm(raw[`${d}_min`]);
    const max = wholeCm(raw[`${d}_max`]);
    if (min !== undefined) r.min = min;
    if (max !== undefined) r.max = max;
    if (r.min !== undefined && r.max !== undefined && r.min > r.max) [r.min, r.max] = [r.max, r.min];
    s[d] = r;
  }
  const sort = all(raw.sort)[0];
  if (sort && (SORTS as readonly string[]).includes(sort)) s.sort = sort as SortKey;
  const page = Number(all(raw.page)[0]);
  s.page = Number.isInteger(page) && page > 0 ? page : 1;
  return s;
}
