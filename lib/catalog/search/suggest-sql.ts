/**
 * The products of a suggestion list as one bounded statement (docs/search.md "Suggestions as you
 * type"). Server-only.
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { withSingulars, type SuggestTerms } from '@/lib/catalog/search/suggest-terms';

/**
 * How many matching products a suggestion list ranks at most: the first ones the name index gives
 * (in table order), so a two-letter prefix that matches tens of thousands of names reads and sorts
 * a few hundred, not all of them.
 */
export const SUGGEST_CANDIDATES = 300;

/** One alternative (a word or a phrase of words) as tsquery text: "lounge suite" → 'lounge' <-> 'suite'. */
const phrase = (alt: string) => alt.split(' ').map((w) => `'${w}'`).join(' <-> ');

/**
 * The terms as tsquery text for to_tsquery('simple', …): every complete group (any of its
 * alternatives) and the partial word as a prefix ('sof':*) or, finished as a plural, its singular
 * ("bookcases" → 'bookcases':* | 'bookcase'), ANDed. Safe to build as text: the
 * words hold only letters and digits (wordsOf), no tsquery operator or quote. Null when the terms
 * hold no word.
 */
export function suggestTsQuery(t: SuggestTerms): string | null {
  const parts = t.complete.map((group) => `(${group.map(phrase).join(' | ')})`);
  if (t.partial) parts.push(`('${t.partial}':*${withSingulars(t.partial).slice(1).map((w) => ` | '${w}'`).join('')})`);
  return parts.length ? parts.join(' & ') : null;
}

/**
 * True when the product is the kind of piece the last term names — the partial word as a prefix of
 * products.kind ("sof" → sofa) or its singular ("beds" → bed), or one of the last complete group's
 * words — else false.
 */
const kindNamed = (t: SuggestTerms): SQL => {
  if (t.partial) return sql`(d.kind LIKE ${`${t.partial}%`} OR d.kind IN (${sql.join(withSingulars(t.partial).map((w) => sql`${w}`), sql`, `)}))`;
  const last = t.complete[t.complete.length - 1] ?? [];
  return last.length ? sql`(d.kind IN (${sql.join(last.map((w) => sql`${w}`), sql`, `)}))` : sql`false`;
};

export type SuggestProductRow = {
  id: number;
  name: string;
  /** Cents. */
  price: number;
  stock: number;
  function: string | null;
  description: string | null;
  image_url: string | null;
};

/**
 * The best `limit` visible products for the terms, one per name (the variants of a model share it:
 * the first in stock stands for them), best first: in stock, then the kind of piece the last term
 * names, then the shortest name. Reads at most SUGGEST_CANDIDATES matches of products_suggest_idx
 * (the folded name's words, migration 0027), so the work is bounded whatever the prefix; each
 * product's first image comes from its index afterwards, for the `limit` rows only.
 */
export function suggestProductsSql(t: SuggestTerms, limit: number): SQL | null {
  const tsq = suggestTsQuery(t);
  if (!tsq) return null;
  const kind = kindNamed(t);
  return sql`
    SELECT s.id, s.name, s.price, s.stock, s.function, s.description, img.url AS image_url
    FROM (
      SELECT d.*, (d.stock > 0) AS in_stock, ${kind} AS kind_named FROM (
        SELECT DISTINCT ON (c.name) c.* FROM (
          SELECT id, name, price, stock, kind, function, description FROM products
          WHERE archived_at IS NULL AND to_tsvector('simple'::regconfig, name_folded) @@ to_tsquery('simple', ${tsq})
          LIMIT ${SUGGEST_CANDIDATES}
        ) c
        ORDER BY c.name, (c.stock > 0) DESC, c.id
      ) d
      ORDER BY in_stock DESC, kind_named DESC, length(d.name), d.id
      LIMIT ${limit}
    ) s
    LEFT JOIN LATERAL (
      SELECT i.url FROM product_images i WHERE i.product_id = s.id ORDER BY i.is_primary DESC, i.sort_order, i.id LIMIT 1
    ) img ON true
    ORDER BY s.in_stock DESC, s.kind_named DESC, length(s.name), s.id`;
}
