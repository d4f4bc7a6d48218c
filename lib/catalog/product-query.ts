/**
 * The /products page's state as it lives in the URL (spec §2 Products page, §4 Search): search,
 * category/style/function/mobility filters, dimension ranges in whole cm, sort and page. Pure
 * helpers to build links from it, so every state is a shareable, crawlable address.
 *
 * Query string (shared with GET /api/products): q, category (repeated), style, function,
 * mobility (repeated), width_min, width_max, height_min, height_max, depth_min, depth_max,
 * on_sale=1, sort, page.
 */

export const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'name', 'rating'] as const;
export type SortKey = (typeof SORTS)[number];

export const SORT_LABELS: Record<SortKey, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name A–Z',
  rating: 'Best rated',
};

export const DIMENSIONS = ['width', 'height', 'depth'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export type RangeCm = { min?: number; max?: number };

export const FACETS = ['style', 'function', 'mobility'] as const;
export type FacetKey = (typeof FACETS)[number];

export type ProductQuery = {
  q?: string;
  /** Compressed category selection (see lib/storefront/category-ticks.ts). */
  category: number[];
  style: string[];
  function: string[];
  mobility: string[];
  width: RangeCm;
  height: RangeCm;
  depth: RangeCm;
  /** Only products on sale (on_sale=1). */
  onSale: boolean;
  /** Only products rated at least this many stars (rating_min=4: "4 stars & up"). */
  minRating?: number;
  sort?: SortKey;
  page: number;
};

export const emptyQuery = (): ProductQuery => ({ category: [], style: [], function: [], mobility: [], width: {}, height: {}, depth: {}, onSale: false, page: 1 });

/** URL search params of a state, omitting defaults (page 1, blank search, empty filters). */
export function toSearchParams(s: ProductQuery, { withPage = true, withSort = true } = {}): URLSearchParams {
  const p = new URLSearchParams();
  const q = s.q?.trim();
  if (q) p.set('q', q);
  for (const id of s.category) p.append('category', String(id));
  for (const key of FACETS) for (const v of s[key]) p.append(key, v);
  for (const d of DIMENSIONS) {
    const r = s[d];
    if (r.min !== undefined) p.set(`${d}_min`, String(r.min));
    if (r.max !== undefined) p.set(`${d}_max`, String(r.max));
  }
  if (s.onSale) p.set('on_sale', '1');
  if (s.minRating) p.set('rating_min', String(s.minRating));
  if (withSort && s.sort) p.set('sort', s.sort);
  if (withPage && s.page > 1) p.set('page', String(s.page));
  return p;
}

/** `/products?…` for a state. */
export function productsHref(s: ProductQuery): string {
  const qs = toSearchParams(s).toString();
  return qs ? `/products?${qs}` : '/products';
}

/** A copy of the state with changes applied; any change other than the page goes back to page 1. */
export function withChanges(s: ProductQuery, changes: Partial<ProductQuery>): ProductQuery {
  return { ...s, page: 1, ...changes };
}

/**
 * The canonical address of a listing: search, filters and page only (sort only reorders the same
 * set, so it is dropped). Values are sorted so equivalent URLs share one canonical.
 */
export function canonicalProductsPath(s: ProductQuery): string {
  const sorted: ProductQuery = {
    ...s,
    category: [...s.category].sort((a, b) => a - b),
    style: [...s.style].sort(),
    function: [...s.function].sort(),
    mobility: [...s.mobility].sort(),
  };
  const qs = toSearchParams(sorted, { withSort: false }).toString();
  return qs ? `/products?${qs}` : '/products';
}

/** True when any filter (not the search or sort) is set. */
export function hasFilters(s: ProductQuery): boolean {
  return s.onSale || Boolean(s.minRating) || s.category.length > 0 || FACETS.some((k) => s[k].length > 0) || DIMENSIONS.some((d) => s[d].min !== undefined || s[d].max !== undefined);
}

export type FilterChip = { key: string; label: string; href: string };

const cm = (n: number) => `${n} cm`;

/** Describes a range for people: "60–120 cm", "from 60 cm", "up to 120 cm". */
export function rangeLabel(r: RangeCm): string {
  if (r.min !== undefined && r.max !== undefined) return `${r.min}–${cm(r.max)}`;
  if (r.min !== undefined) return `from ${cm(r.min)}`;
  return `up to ${cm(r.max as number)}`;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * One removable chip per active filter, each linking to the same listing without it (page 1).
 * `categoryName` names category ids (unknown ids fall back to "Category {id}").
 */
export function filterChips(s: ProductQuery, categoryName: (id: number) => string | undefined): FilterChip[] {
  const chips: FilterChip[] = [];
  if (s.onSale) chips.push({ key: 'on-sale', label: 'On sale', href: productsHref(withChanges(s, { onSale: false })) });
  if (s.minRating) chips.push({ key: 'rating', label: `${s.minRating} stars & up`, href: productsHref(withChanges(s, { minRating: undefined })) });
  for (const id of s.category) {
    chips.push({ key: `category-${id}`, label: categoryName(id) ?? `Category ${id}`, href: productsHref(withChanges(s, { category: s.category.filter((x) => x !== id) })) });
  }
  for (const key of FACETS) {
    for (const v of s[key]) {
      chips.push({ key: `${key}-${v}`, label: `${cap(key)}: ${v}`, href: productsHref(withChanges(s, { [key]: s[key].filter((x) => x !== v) })) });
    }
  }
  for (const d of DIMENSIONS) {
    const r = s[d];
    if (r.min === undefined && r.max === undefined) continue;
    chips.push({ key: d, label: `${cap(d)} ${rangeLabel(r)}`, href: productsHref(withChanges(s, { [d]: {} })) });
  }
  return chips;
}

/** The listing without any filter, keeping the search and sort. */
export function clearFiltersHref(s: ProductQuery): string {
  return productsHref({ ...emptyQuery(), q: s.q, sort: s.sort });
}

/** Pages are 1..totalPages (at least 1). */
export function clampPage(page: number, totalPages: number): number {
  const last = Math.max(1, Math.floor(totalPages) || 1);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), last);
}

export const PAGE_SIZE = 18;

/**
 * The catalogue query (lib/catalog ProductListParams) for a state: empty filters are left out;
 * 18 per page (spec §9).
 */
export function toListParams(s: ProductQuery) {
  const nonEmpty = <T>(a: T[]) => (a.length > 0 ? a : undefined);
  const range = (r: RangeCm) => (r.min !== undefined || r.max !== undefined ? r : undefined);
  return {
    page: s.page,
    limit: PAGE_SIZE,
    q: s.q?.trim() || undefined,
    categoryIds: nonEmpty(s.category),
    style: nonEmpty(s.style),
    function: nonEmpty(s.function),
    mobility: nonEmpty(s.mobility),
    width: range(s.width),
    height: range(s.height),
    depth: range(s.depth),
    onSale: s.onSale || undefined,
    minRating: s.minRating,
    sort: s.sort,
  };
}
