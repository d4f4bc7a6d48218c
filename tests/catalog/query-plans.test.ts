/**
 * On a grown catalogue the listing's search, filter, count and facet statements start
 * from indexes — no sequential scan of products (lib/catalog/read/query-plans.ts lists the statements;
 * bench/explain.ts prints the same plans with timings). Plans, not times: nothing here is timed.
 * A customer's data export and closing an account read one account's rows by its id, each through
 * an index.
 *
 * PostgreSQL only (DATABASE_URL): the plans of the embedded database's planner at this size are not
 * what production runs. CATALOGUE_PLAN_SIZE sets the grown size (default 30,000 products).
 */
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { databaseKind, db } from '@/db/client';
import { outboxMessages } from '@/db/schema';
import { exportReads } from '@/lib/accounts/privacy-export';
import { pendingMailTo } from '@/lib/mail/outbox';
import { countSql, facetsSql, pageSql, searchListingSql } from '@/lib/catalog/read/listing-sql';
import { catalogueStatements, noDeadEndStatements, planFilters, planJoins, planScans, vocabularyStatements } from '@/lib/catalog/read/query-plans';
import { normaliseParams, searchGroups } from '@/lib/catalog/search/search';
import { loadSynonyms } from '@/lib/catalog/search/synonyms';
import type { ProductListParams } from '@/lib/catalog/types';
import { growCatalogue } from '../../bench/grow-catalogue';
import { importRealCatalogue } from '../support/catalog';

const size = Number(process.env.CATALOGUE_PLAN_SIZE ?? 30_000);

describe.skipIf(!process.env.DATABASE_URL)('catalogue statements on a grown PostgreSQL catalogue', () => {
  beforeAll(async () => {
    expect(databaseKind()).toBe('pg');
    await importRealCatalogue();
    await growCatalogue(size);
    await db.execute(sql`VACUUM ANALYZE products`);
  }, 300_000);

  test.each([...catalogueStatements(), ...noDeadEndStatements()].map((s) => [s.name, s] as const))('%s: no sequential scan of products', async (_name, { statement }) => {
    const scans = await planScans(db, statement);
    expect(scans.filter((s) => s.endsWith(' on products')).length).toBeGreaterThan(0);
    expect(scans).not.toContain('Seq Scan on products');
  });

  // A rare search in price, name or date order: walking that order's index until a page of
  // matches turns up tested most of the catalogue.
  test.each(['price_desc', 'price_asc', 'name', 'newest', 'rating'] as const)('a search sorted by %s collects its matches from the search indexes, not along the order\'s index', async (sort) => {
    const scans = await planScans(db, pageSql(normaliseParams({ q: 'white stool', sort }), 1));
    expect(scans).toContain('Bitmap Heap Scan on products');
    expect(scans.filter((s) => /^Index (Only )?Scan on products$/.test(s))).toEqual([]);
  });

  // The search's own conditions are what its bitmap scan is built from, so the scan needs to test
  // them again only where the index is lossy (its recheck). Written in an order other than the
  // index's (`q <% name` for the index's `name %> q`), the planner kept the whole search as a
  // filter too and tested it twice on every match.
  test.each(['white chair', 'oak shelf', 'wardrob', 'billy bookcase'])('a search for "%s" tests each product once, not again as a filter', async (q) => {
    for (const statement of [countSql(normaliseParams({ q })), pageSql(normaliseParams({ q }), 1), pageSql(normaliseParams({ q, sort: 'price_asc' }), 1)]) {
      const bitmapScans = (await planFilters(db, statement)).filter((s) => s.scan === 'Bitmap Heap Scan on products');
      expect(bitmapScans.length).toBeGreaterThan(0);
      for (const { filter } of bitmapScans) expect(filter).not.toMatch(/@@|%>|<%/);
    }
  });

  // The same with synonyms: the expanded tsquery is one test of the GIN index, its alternatives
  // ORed inside it, so the scan still has nothing to test again.
  test.each(['couch', 'kids bed', 'lounge suites', 'closet'])('a search with synonyms for "%s" tests each product once, not again as a filter', async (q) => {
    const groups = searchGroups(q, await loadSynonyms());
    expect(groups).not.toBeNull();
    for (const statement of [countSql(normaliseParams({ q }, groups)), pageSql(normaliseParams({ q }, groups), 1), pageSql(normaliseParams({ q, sort: 'price_asc' }, groups), 1), searchListingSql(normaliseParams({ q }, groups), 1)]) {
      const scans = await planFilters(db, statement);
      expect(scans.map((s) => s.scan)).not.toContain('Seq Scan on products');
      const bitmapScans = scans.filter((s) => s.scan === 'Bitmap Heap Scan on products');
      expect(bitmapScans.length).toBeGreaterThan(0);
      for (const { filter } of bitmapScans) expect(filter).not.toMatch(/@@|%>|<%/);
    }
  });

  // The facet counts of two or more filters read each part of their products from its filters'
  // indexes with the columns they count. Collecting only ids and joining them back to products
  // read every product a second time.
  const multiFilter: [string, ProductListParams][] = [
    ['room 1, width ≤ 120 cm', { categoryIds: [1], width: { max: 120 } }],
    ['two styles, height 50–100 cm, on sale', { style: ['Natural wood', 'Upholstered'], height: { min: 50, max: 100 }, onSale: true }],
    ['room 2, rated 4 stars and up', { categoryIds: [2], minRating: 4 }],
  ];
  test.each(multiFilter)('the facet counts of "%s" never join products to itself', async (_name, params) => {
    const joins = await planJoins(db, facetsSql(normaliseParams(params)));
    expect(joins.filter((j) => /products(_\d+)?\.id = products(_\d+)?\.id/.test(j))).toEqual([]);
  });

  // The facet counts test "on sale" in several places of one statement: the on-sale filter and the
  // on_sale column of each part of their products. Each use as its own subquery read the
  // promotions and hashed them again; they are read once.
  test.each([
    ...multiFilter,
    ['on sale', { onSale: true }],
    ['no filter', {}],
  ] as [string, ProductListParams][])('the facet counts of "%s" read the promotions once', async (_name, params) => {
    const scans = await planScans(db, facetsSql(normaliseParams(params)));
    expect(scans.filter((s) => s.endsWith(' on promotions'))).toHaveLength(1);
  });
  test('a search\'s products page on sale reads the promotions once', async () => {
    const scans = await planScans(db, searchListingSql(normaliseParams({ q: 'sofa', categoryIds: [1], onSale: true }), 1));
    expect(scans.filter((s) => s.endsWith(' on promotions'))).toHaveLength(1);
  });

  // A search's products page asks for its page, its count and its facet counts in one statement
  // that reads the search's matches once. As two statements (page, facets) each ran the search's
  // bitmap scan with its trigram recheck of every candidate name.
  test.each([
    ['"oak shelf"', { q: 'oak shelf' }],
    ['"chair" in room 3, Natural wood', { q: 'chair', categoryIds: [3], style: ['Natural wood'] }],
    ['"white stool", price high to low', { q: 'white stool', sort: 'price_desc' }],
  ] as [string, ProductListParams][])('the products page of a search for %s reads its matches once', async (_name, params) => {
    const scans = await planScans(db, searchListingSql(normaliseParams(params), 1));
    expect(scans.filter((s) => s === 'Bitmap Heap Scan on products')).toHaveLength(1);
    expect(scans).not.toContain('Seq Scan on products');
  });

  // did-you-mean looks terms up in the vocabulary by its trigram index, not by reading every term
  // (a catalogue of this size holds thousands), and reads no product.
  test.each(vocabularyStatements().map((s) => [s.name, s] as const))('%s: from the vocabulary\'s trigram index', async (_name, { statement }) => {
    const scans = await planScans(db, statement);
    expect(scans).toContain('Bitmap Heap Scan on search_terms');
    expect(scans).not.toContain('Seq Scan on search_terms');
    expect(scans.filter((s) => s.endsWith(' on products'))).toEqual([]);
  });
});

// One account's rows are a handful among every customer's: each read of the data export (and the
// outbox's pending e-mails to an address, which closing an account cancels) must reach them by the
// account's id through an index. With sequential scans priced out (enable_seqscan off), a read
// that still scans a table from end to end has no index it could use; and the account's condition
// must be what an index is searched by (its Index Cond), not a filter applied to every row read.
describe.skipIf(!process.env.DATABASE_URL)('a customer\'s own data: reads scoped by the account', () => {
  type Node = { 'Node Type': string; 'Index Cond'?: string; 'Recheck Cond'?: string; Plans?: Node[] };
  const nodes = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
  // Built inside each test: the database client connects on first use, after the per-file database exists.
  const EXPORT_READS = ['addresses', 'contacts', 'paymentMethods', 'orders', 'orderItems', 'reviews', 'savedItems'] as const;
  const statements: [string, () => SQL, RegExp][] = [
    ...EXPORT_READS.map((name) => [`export: ${name}`, () => exportReads(42)[name].getSQL(), /\buser_id = 42\b/] as [string, () => SQL, RegExp]),
    ['closing: the pending e-mails to the account\'s address', () => db.select({ id: outboxMessages.id }).from(outboxMessages).where(pendingMailTo('Someone@Example.test')).getSQL(), /lower\(recipient\) = 'someone@example\.test'/],
  ];
  test('every read of the export is among them', () => {
    expect(Object.keys(exportReads(42)).sort()).toEqual([...EXPORT_READS].sort());
  });
  test.each(statements)('%s: searched in an index by the account, no sequential scan', async (_name, build, scope) => {
    const statement = build();
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = (await tx.execute(sql`EXPLAIN (FORMAT JSON) ${statement}`)) as unknown as { rows: { 'QUERY PLAN': unknown }[] };
      const raw = result.rows[0]['QUERY PLAN'];
      return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Node }[])[0].Plan;
    });
    const all = nodes(plan);
    expect(all.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(all.some((n) => /Index/.test(n['Node Type']) && scope.test(n['Index Cond'] ?? ''))).toBe(true);
  });
});
