/**
 * The products query string, parsed in ONE place (readProductQuery, over productQuerySchema) for
 * GET /api/products, GET /api/products/search and the /products page (docs/architecture.md "Input
 * schemas").
 *
 *   page, limit             whole numbers (page is clamped to 1..totalPages, limit to 1..100 later)
 *   include_images          true/false/1/0
 *   q | query | search      search text (first non-blank wins), at most 200 characters
 *   category                category ids, repeated (?category=3&category=9) or comma-separated (?category=3,9)
 *   style, function, mobility  values, repeated or comma-separated
 *   width_min … depth_max   centimetres, ≥ 0; a min above its max is read as the range between them (ends swapped)
 *   on_sale                 true/1: only products on promotion (false/0 or absent: all)
 *   rating_min              1–5: only products whose approved reviews average at least that many stars
 *   sort                    relevance | newest | price_asc | price_desc | name
 *
 * Unknown parameters are ignored. A bad value gives a clear message (→ 400 through the route
 * wrapper), never a 500. Text with a control character (a NUL byte, which PostgreSQL refuses) is
 * a bad value here too, so the /products page, which reads its query without the route wrapper,
 * shows the message instead of failing (docs/accounts-and-security.md).
 */
import { z } from 'zod';
import { badRequest } from '@/lib/server/errors';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@/lib/server/text-input';
import { SORT_ORDERS, type ProductListParams, type SortOrder } from '@/lib/catalog/types';
import { emptyQuery, type ProductQuery } from '@/lib/catalog/product-query';
import { SUGGEST_MAX_CHARS } from '@/lib/catalog/search/suggest-terms';

/** A query value as URLSearchParams or Next's searchParams give it. */
type Raw = string | string[] | undefined;

/** Next's `searchParams` of a page. */
export type RawSearchParams = Record<string, Raw>;

const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);
const blankToUndefined = (v: unknown) => {
  const x = last(v);
  return typeof x === 'string' && x.trim() === '' ? undefined : x;
};
/** Repeated and comma-separated values as one list of trimmed, non-blank strings. */
const splitList = (v: unknown) => {
  if (v === undefined) return undefined;
  const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((s) => s.trim()).filter(Boolean);
  return parts.length ? parts : undefined;
};

const wholeNumber = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[+-]?\d{1,15}$/, `${name} must be a whole number.`)
      .transform(Number)
      .optional(),
  );

/** Upper bound of a dimension filter, in centimetres (10 km: no furniture comes near). */
const MAX_CM = 1_000_000;

const centimetres = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d+)?$/, `${name} must be a number of centimetres (0 or more).`)
      .transform(Number)
      // Bounded by value, not digits: the page rounds 999999.9 to 1000000 and must read its own URL back.
      .refine((n) => n <= MAX_CM, `${name} must be at most ${MAX_CM} centimetres.`)
      .optional(),
  );

/** Refuses text with a control character (tab, newline and carriage return aside). */
const noControl = (s: z.ZodString) => s.refine((v) => !hasControlCharacters(v), CONTROL_CHARACTERS_MESSAGE);

const values = (name: string) =>
  z.preprocess(splitList, z.array(noControl(z.string().max(60, `Each ${name} value must be at most 60 characters.`))).max(30, `At most 30 ${name} values.`).optional());

/** true/false/1/0 → boolean. */
const yesNo = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false', '1', '0'], { error: `${name} must be true or false.` })
      .transform((v) => v === 'true' || v === '1')
      .optional(),
  );

const text = z.preprocess(blankToUndefined, noControl(z.string().trim().max(200, 'The search text must be at most 200 characters.')).optional());

export const productQuerySchema = z
  .object({
    page: wholeNumber('page'),
    limit: wholeNumber('limit'),
    include_images: yesNo('include_images'),
    q: text,
    query: text,
    search: text,
    category: z.preprocess(
      splitList,
      z
        .array(z.string().regex(/^\d{1,9}$/, 'category must be category ids, e.g. category=3 or category=3,9.').transform(Number))
        .max(50, 'At most 50 categories.')
        .optional(),
    ),
    style: values('style'),
    function: values('function'),
    mobility: values('mobility'),
    width_min: centimetres('width_min'),
    width_max: centimetres('width_max'),
    height_min: centimetres('height_min'),
    height_max: centimetres('height_max'),
    depth_min: centimetres('depth_min'),
    depth_max: centimetres('depth_max'),
    on_sale: yesNo('on_sale'),
    rating_min: z.preprocess(blankToUndefined, z.enum(['1', '2', '3', '4', '5'], { error: 'rating_min must be a whole number of stars from 1 to 5.' }).transform(Number).optional()),
    sort: z.preprocess(
      blankToUndefined,
      z.enum(SORT_ORDERS as [SortOrder, ...SortOrder[]], { error: `sort must be one of ${SORT_ORDERS.join(', ')}.` }).optional(),
    ),
  })
  .transform((v): ProductListParams => {
    // A range typed the other way round ("from 200 to 100 cm") means the sizes between the two, as
    // a shopper reads it: the ends are swapped, not refused (docs/catalogue.md "Facets and listings").
    const range = (min?: number, max?: number) => {
      if (min === undefined && max === undefined) return undefined;
      return min !== undefined && max !== undefined && min > max ? { min: max, max: min } : { min, max };
    };
    const params: ProductListParams = {
      page: v.page,
      limit: v.limit,
      q: v.q ?? v.query ?? v.search,
      categoryIds: v.category,
      style: v.style,
      function: v.function,
      mobility: v.mobility,
      width: range(v.width_min, v.width_max),
      height: range(v.height_min, v.height_max),
      depth: range(v.depth_min, v.depth_max),
      // Off is the same listing as no filter: leave it out (one cache key, one canonical URL).
      onSale: v.on_sale || undefined,
      minRating: v.rating_min,
      sort: v.sort,
      includeImages: v.include_images,
    };
    // Drop unset keys so equal queries make equal cache keys.
    return Object.fromEntries(Object.entries(params).filter(([, x]) => x !== undefined)) as ProductListParams;
  });

/**
 * URLSearchParams (repeated keys kept) or Next's `searchParams` object → a record. Built without a
 * prototype, so a parameter named `__proto__`, `constructor` or `toString` is just a name.
 */
export function queryRecord(input: URLSearchParams | RawSearchParams): RawSearchParams {
  if (!(input instanceof URLSearchParams)) return input;
  const out: Record<string, string[]> = Object.create(null);
  for (const [k, v] of input) (out[k] ??= []).push(v);
  return out;
}

/** What readProductQuery makes of a products query string. */
export type ProductQueryReading = {
  /** The catalogue's list parameters; `{}` (the unfiltered list) when the query is not valid. */
  params: ProductListParams;
  /** The same parameters as the /products page's state (page at least 1, ids and values unique). */
  state: ProductQuery;
  /** The first problem's message, or null when the query is valid. */
  error: string | null;
  /** Every problem, by parameter. */
  issues: { path: string; message: string }[];
};

/**
 * The one reader of the products query string, for the /products page and (through
 * parseProductQuery) GET /api/products and /api/products/search. Never throws: the page shows the
 * unfiltered list with the message instead of failing.
 */
export function readProductQuery(input: URLSearchParams | RawSearchParams): ProductQueryReading {
  const result = productQuerySchema.safeParse(queryRecord(input));
  if (result.success) return { params: result.data, state: toState(result.data), error: null, issues: [] };
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return { params: {}, state: toState({}), error: issues[0]?.message ?? 'The query string is not valid.', issues };
}

/**
 * readProductQuery for route() (its query reader): the list parameters, or a 400 AppError with the
 * first problem's message and every problem in `errors`.
 */
export function parseProductQuery(input: URLSearchParams | RawSearchParams): ProductListParams {
  const { params, error, issues } = readProductQuery(input);
  if (error !== null) throw badRequest(error, { errors: issues });
  return params;
}

/** The page state for parsed list params (page at least 1, ids and values unique). */
function toState(p: ProductListParams): ProductQuery {
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

/** `?limit=` for the featured/latest/promotions lists: a whole number, clamped to 1–100 (default chosen by the route). */
export const listLimitQuery = z.object({
  limit: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, 'limit must be a whole number.')
      .transform((n) => Math.min(100, Math.max(1, Number(n))))
      .optional(),
  ),
});

/**
 * The /promotional-products page's query: `page` (whole number; clamped later) and `campaign` (a
 * campaign name, at most 100 characters). Pages read it with safeParse and fall back to page 1 of
 * every offer.
 */
export const promotionsPageQuery = z.object({
  page: wholeNumber('page'),
  campaign: z.preprocess(blankToUndefined, noControl(z.string().trim().max(100, 'The campaign name must be at most 100 characters.')).optional()),
});

/** `{ id }` of /api/products/{id}: a positive whole number (a clear 400 otherwise, e.g. for "abc"). */
export const productIdParams = z.object({
  id: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'The product id must be a positive whole number.')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2_147_483_647, 'The product id must be a positive whole number.'),
});

/**
 * GET /api/search/suggest?q=: the text as typed, at most SUGGEST_MAX_CHARS characters (else 400);
 * blank, missing or shorter than SUGGEST_MIN_CHARS answers no suggestions (200).
 */
export const suggestQuerySchema = z.object({
  q: noControl(z.string().max(SUGGEST_MAX_CHARS, `The search text must be at most ${SUGGEST_MAX_CHARS} characters.`)).optional(),
});

/** GET /api/products/export's query as documented: the list's filters and `include_archived=true|false`. */
export const productExportQuerySchema = productQuerySchema.in.extend({
  include_archived: z.enum(['true', 'false'], { error: 'include_archived must be true or false.' }).optional(),
});

/**
 * The export's query reader for route(): the list parameters (parseProductQuery, page, limit and
 * sort being ignored by the export) and whether archived products are added.
 * @throws 400 as parseProductQuery, or when include_archived is neither true nor false
 */
export function parseProductExportQuery(input: URLSearchParams): { list: ProductListParams; includeArchived: boolean } {
  const flag = input.get('include_archived');
  if (flag !== null && flag !== 'true' && flag !== 'false') throw badRequest('include_archived must be true or false.');
  return { list: parseProductQuery(input), includeArchived: flag === 'true' };
}
