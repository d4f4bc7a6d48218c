/**
 * "Did you mean …" and the categories a search's words name (docs/search.md "No dead ends"): the
 * catalogue's vocabulary (search_terms, migration 0025) looked up by trigram similarity, and the
 * check that a suggestion finds something through the listing's own search match. Statements here,
 * run by lib/catalog/read/no-dead-ends.ts as bounded, cached reads, and EXPLAINed by
 * lib/catalog/read/query-plans.ts.
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { products } from '@/db/schema';
import { buildConditions, normaliseParams, searchGroups } from '@/lib/catalog/search/search';
import type { SynonymSet } from '@/lib/catalog/search/synonym-types';

/**
 * The least trigram similarity (pg_trgm `similarity`, 0..1) of a term to the word or query it
 * corrects: pg_trgm's own default for its `%` operator, which the GIN index answers. A swapped
 * pair of letters in an eight-letter word ("wardorbe" → wardrobe) scores 0.38.
 */
export const MIN_SIMILARITY = 0.3;

/**
 * A term is the spelling of a word only when their lengths differ by at most this many letters, or
 * a quarter of the word's length when that is more: a much shorter or longer term is a part of the
 * word or a longer word ("chest" is not how "chesterfeild" is spelt, "bed" not "bedrom").
 */
const LENGTH_SLACK = 2;

/** The least pg_trgm strict word similarity of a part of a category's name to the query for the category to match it. */
export const CATEGORY_SIMILARITY = 0.45;

/** How many of the terms closest to the whole query are tried, besides the word-by-word correction. */
const PHRASES_TRIED = 2;

/** `term` is close enough to `text` (both normalised) to be its spelling: see MIN_SIMILARITY and LENGTH_SLACK. */
const closeTo = (term: SQL, text: SQL) =>
  sql`${term} % ${text} AND similarity(${term}, ${text}) >= ${MIN_SIMILARITY} AND abs(length(${term}) - length(${text})) <= greatest(${LENGTH_SLACK}, length(${text}) / 4)`;

const normalised = (q: string) => sql`search_term_normalise(${q}::text)`;

/**
 * The corrections of a query, in one statement: `{ query, candidates }` where `query` is the query
 * as the vocabulary compares it (search_term_normalise) and `candidates` its corrections, closest
 * to it first (by similarity; on a tie the word-by-word one), never the query itself:
 * - the query corrected word by word: each word of three letters or more, without digits, that is
 *   not a term becomes its closest single-word term, if it has one ("white wardorbe" → "white
 *   wardrobe", the shopper's other words kept);
 * - the terms closest to the whole query, at most PHRASES_TRIED ("sofabed" → "sofa bed").
 * Closest: the highest similarity, then the term more products have, then alphabetical. The terms
 * are the catalogue's (search_terms, read from its trigram index) and the words staff made synonyms
 * (search_synonym_terms, a short list read whole, counted as no products): "couhc" may become
 * "couch" when a synonym makes "couch" find sofas; hasResultsSql keeps only what finds products.
 */
export function correctionsSql(q: string): SQL {
  const vocabulary = sql`(SELECT term, products FROM search_terms UNION ALL SELECT search_term_normalise(term), 0 FROM search_synonym_terms)`;
  const s = sql.identifier('s');
  const term = sql`${s}.term`;
  const query = normalised(q);
  return sql`
    WITH words AS (SELECT u.w, u.n FROM unnest(string_to_array(${query}, ' ')) WITH ORDINALITY AS u(w, n)),
    fixed AS (
      SELECT n, coalesce(
        CASE WHEN length(w) < 3 OR w ~ '[0-9]' OR EXISTS (SELECT 1 FROM ${vocabulary} ${s} WHERE ${term} = w) THEN w END,
        (SELECT ${term} FROM ${vocabulary} ${s} WHERE ${closeTo(term, sql`w`)} AND position(' ' IN ${term}) = 0
          ORDER BY similarity(${term}, w) DESC, ${s}.products DESC, ${term} LIMIT 1),
        w) AS w
      FROM words
    ),
    candidates AS (
      SELECT string_agg(w, ' ' ORDER BY n) AS c, 0 AS tie FROM fixed
      UNION ALL (SELECT ${term}, 1 FROM ${vocabulary} ${s} WHERE ${closeTo(term, query)}
        ORDER BY similarity(${term}, ${query}) DESC, ${s}.products DESC, ${term} LIMIT ${PHRASES_TRIED})
    )
    SELECT ${query} AS query,
      ARRAY(SELECT c FROM candidates WHERE c IS NOT NULL AND c <> ${query} GROUP BY c ORDER BY max(similarity(c, ${query})) DESC, min(tie), c) AS candidates`;
}

/**
 * Whether each search finds a visible product, through the listing's own search match (buildConditions,
 * expanded by the synonym `sets` as the listing expands it): one row, `r0`, `r1`, … in the order of
 * `queries`. Each is an EXISTS, a count bounded at one.
 */
export function hasResultsSql(queries: string[], sets: SynonymSet[] = []): SQL {
  const tests = queries.map((q, i) => {
    const match = buildConditions(normaliseParams({ q }, searchGroups(q, sets))).search!;
    return sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.archivedAt} IS NULL AND ${match}) AS ${sql.identifier(`r${i}`)}`;
  });
  return sql`SELECT ${sql.join(tests, sql`, `)}`;
}

/**
 * Whether some visible product meeting `where` (a listing's conditions with the search's replaced
 * by wordsMatch of lib/catalog/search/search.ts, see lib/catalog/read/no-dead-ends.ts) is found by the query's words: `{ found }`.
 * When none is, every result of the search came from typos alone: weak.
 */
export const foundByWordsSql = (where: SQL) => sql`SELECT EXISTS (SELECT 1 FROM ${products} WHERE ${where}) AS found`;

/**
 * The categories (rooms and subcategories) whose name the queries name, closest first: `{ id }`
 * rows, at most `limit`. A name is read as its parts ("Sofas & armchairs" → sofas, armchairs;
 * "Sideboards, buffets & console tables" → three), and a part matches when pg_trgm's strict word
 * similarity of it to one of the queries (normalised as the vocabulary is) is at least
 * CATEGORY_SIMILARITY: "wardrob" names Wardrobes, "bedrom" Bedroom, "kids desk" Kids & nursery and
 * Tables & desks. The queries are the shopper's and its correction, if any ("wardorbe" and
 * "wardrobe"). The categories are few (a tree of rooms), read whole.
 */
export function matchingCategoriesSql(queries: string[], limit: number): SQL {
  const closeness = sql`greatest(${sql.join(
    queries.map((q) => sql`strict_word_similarity(search_term_normalise(part), ${normalised(q)})`),
    sql`, `,
  )})`;
  return sql`
    SELECT c.id FROM categories c, regexp_split_to_table(c.name, '\\s*(?:&|,)\\s*') AS part
    GROUP BY c.id, c.sort_order
    HAVING max(${closeness}) >= ${CATEGORY_SIMILARITY}
    ORDER BY max(${closeness}) DESC, c.sort_order, c.id
    LIMIT ${limit}`;
}

type Rows<T> = { rows: T[] };

/**
 * "Did you mean …" for a search (docs/search.md "No dead ends"): the query corrected against the
 * catalogue's vocabulary (correctionsSql: word by word, and as a whole), the closest of those
 * corrections that finds a product through the listing's search (hasResultsSql, with the synonym `sets`). Never the query itself; null for a blank query, nonsense, or a
 * query whose corrections find nothing. Runs on `executor` (a bounded read's).
 */
export async function didYouMean(q: string, executor: Executor, sets: SynonymSet[] = []): Promise<string | null> {
  if (!q.trim()) return null;
  const [row] = ((await executor.execute(correctionsSql(q))) as unknown as Rows<{ query: string; candidates: string[] }>).rows;
  const candidates = row?.query ? row.candidates : [];
  if (candidates.length === 0) return null;
  const [found] = ((await executor.execute(hasResultsSql(candidates, sets))) as unknown as Rows<Record<string, boolean>>).rows;
  return candidates.find((_, i) => found[`r${i}`] === true) ?? null;
}

