/**
 * Search with synonyms against search without them, on the database of DATABASE_URL / PGLITE_DIR
 * (grow it first: bench/grow-catalogue.ts 100000): the same searches, each asked once in each way,
 * straight to the database (no cache in front), the order of the two alternating from one search
 * to the next. Each search runs the products page's statement (searchListingSql: page, count and
 * facet counts) and the API's (searchPageSql), under the read settings of the shop's reads.
 * Prints one JSON line per way and the ratio of the totals.
 * Usage: DATABASE_URL=… npx tsx --conditions=react-server bench/synonyms.ts [searches=300]
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, databaseKind, db } from '../db/client';
import { searchSynonyms } from '../db/schema';
import { searchListingSql, searchPageSql } from '../lib/catalog/read/listing-sql';
import { SET_READ_SETTINGS_LOCALLY } from '../lib/catalog/read/read-guard';
import { normaliseParams, searchGroups } from '../lib/catalog/search/search';
import type { SynonymSet } from '../lib/catalog/search/synonym-types';
import { uniqueQueries } from './unique-queries.mjs';

const count = Number(process.argv[2] ?? 300);
/** New Zealand shoppers' words the seeded sets answer (tests/catalog/nz-shopper-queries.test.ts has more). */
const NZ = ['couch', 'lounge suite', 'closet', 'kids bed', 'tallboy', 'robe', 'bedside cabinet', 'tv unit', 'outdoor setting', 'deck chair', 'sofabed', 'bookshelves', 'kids desk', 'lazyboy', 'cupboard', 'hall table', 'change table', 'island bench', 'bunks', 'l shaped couch'];

const nextSearch = uniqueQueries('search');
const searches = [...NZ, ...Array.from({ length: Math.max(0, count - NZ.length) }, () => new URL(nextSearch(), 'http://x').searchParams.get('query')!)];
const sets = (await db.select({ id: searchSynonyms.id, kind: searchSynonyms.kind, input: searchSynonyms.input, terms: searchSynonyms.terms }).from(searchSynonyms)) as SynonymSet[];
const [{ n }] = (await db.execute(sql`select count(*)::int as n from products`)).rows as { n: number }[];

/** Milliseconds to run a search's two statements, with or without its expansion, and its number of matches. */
async function timed(q: string, expand: boolean): Promise<{ ms: number; matches: number }> {
  const p = normaliseParams({ q }, expand ? searchGroups(q, sets) : null);
  const start = performance.now();
  const rows = await db.transaction(async (tx) => {
    await tx.execute(SET_READ_SETTINGS_LOCALLY);
    const listing = (await tx.execute(searchListingSql(p, 1))) as unknown as { rows: { facet: string; n: number }[] };
    await tx.execute(searchPageSql({ ...p, limit: 18 }, 1));
    return listing.rows;
  });
  return { ms: performance.now() - start, matches: Number(rows.find((r) => r.facet === 'total')?.n ?? 0) };
}

// Warm-up: the indexes into memory, as a running shop's are.
for (const q of searches.slice(0, 20)) await timed(q, true);

const times = { plain: [] as number[], synonyms: [] as number[] };
const matches = { plain: [] as number[], synonyms: [] as number[] };
let expanded = 0;
for (const [i, q] of searches.entries()) {
  if (searchGroups(q, sets)) expanded++;
  const order = i % 2 === 0 ? (['plain', 'synonyms'] as const) : (['synonyms', 'plain'] as const);
  for (const way of order) {
    const run = await timed(q, way === 'synonyms');
    times[way].push(run.ms);
    matches[way].push(run.matches);
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const quantile = (xs: number[], f: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(f * xs.length))];
for (const way of ['plain', 'synonyms'] as const) {
  const xs = times[way];
  console.log(JSON.stringify({ way, database: databaseKind(), products: n, searches: xs.length, totalMs: +sum(xs).toFixed(0), meanMs: +(sum(xs) / xs.length).toFixed(2), medianMs: +quantile(xs, 0.5).toFixed(2), p95Ms: +quantile(xs, 0.95).toFixed(2) }));
}
// The searches whose matches are the same either way: what the expanded tsquery itself costs.
const same = searches.map((_, i) => i).filter((i) => matches.plain[i] === matches.synonyms[i]);
const ratio = (indexes: number[]) => +(sum(indexes.map((i) => times.synonyms[i])) / sum(indexes.map((i) => times.plain[i]))).toFixed(3);
console.log(
  JSON.stringify({
    expandedSearches: expanded,
    synonymsOverPlain: ratio(searches.map((_, i) => i)),
    matchesPlain: sum(matches.plain),
    matchesSynonyms: sum(matches.synonyms),
    searchesWithTheSameMatches: same.length,
    synonymsOverPlainForTheSameMatches: ratio(same),
  }),
);
await closeDatabase();
