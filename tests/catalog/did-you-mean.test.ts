/**
 * "Did you mean …" on the real catalogue (docs/search.md "No dead ends"): the misspellings shoppers
 * make are corrected to a catalogue term whose search has results; a query with results, and
 * nonsense, get none; the vocabulary follows the catalogue's writes (rename, archive, delete, new
 * product) in the writes' own transactions; the products page's help (weak results, categories
 * that match).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { DELETE, PUT } from '@/app/api/products/[id]/route';
import { GET as searchRoute } from '@/app/api/products/search/route';
import { searchPageJson } from '@/lib/catalog/contracts';
import { db } from '@/db/client';
import { products, searchSynonyms, searchSynonymTerms, searchTerms } from '@/db/schema';
import { listProducts } from '@/lib/catalog/read/queries';
import { getSearchHelp } from '@/lib/catalog/read/no-dead-ends';
import { didYouMean } from '@/lib/catalog/search/did-you-mean';
import { loadSynonyms } from '@/lib/catalog/search/synonyms';
import { categoryByName, importRealCatalogue } from '../support/catalog';
import { createOrderWith } from '../support/admin-catalog';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

beforeAll(async () => {
  await importRealCatalogue();
});

const suggest = async (q: string) => didYouMean(q, db, await loadSynonyms());

/** How many visible products the listing's search finds. */
const found = async (q: string) => (await listProducts({ q, limit: 1 })).total;

/** The vocabulary's count of a term; 0 when it is not there. */
async function termCount(term: string): Promise<number> {
  const [row] = await db.select().from(searchTerms).where(eq(searchTerms.term, term));
  return row?.products ?? 0;
}

/** The vocabulary as the product rows would give it now (search_terms_of over every visible product). */
async function vocabularyFromScratch(): Promise<Map<string, number>> {
  const res = (await db.execute(
    sql`SELECT t AS term, count(*)::int AS n FROM products p, unnest(search_terms_of(p.name, p.color, p.material, p.style, p.function)) t WHERE p.archived_at IS NULL GROUP BY t`,
  )) as unknown as { rows: { term: string; n: number }[] };
  return new Map(res.rows.map((r) => [r.term, Number(r.n)]));
}

async function storedVocabulary(): Promise<Map<string, number>> {
  return new Map((await db.select().from(searchTerms)).map((r) => [r.term, r.products]));
}

describe('didYouMean on the real catalogue', () => {
  test.each([
    ['wardorbe', 'wardrobe'],
    ['bookshlef', 'bookshelf'],
    ['armchiar', 'armchair'],
    ['matress', 'mattress'],
    ['dinning table', 'dining table'],
    ['coffe table', 'coffee table'],
    ['book case', 'bookcase'],
    ['bed side table', 'bedside table'],
    ['white wardorbe', 'white wardrobe'],
    ['outdor', 'outdoor'],
    ['kivk', 'kivik'],
    ['Poäng', null],
    ['sofabed', 'sofa bed'],
  ])('"%s" → %s, which finds products', async (q, expected) => {
    const suggestion = await suggest(q);
    expect(suggestion).toBe(expected);
    if (expected) expect(await found(expected)).toBeGreaterThan(0);
  });

  test('a query whose correction would be only a part of it gets none ("chesterfeild" is not "chest")', async () => {
    expect(await suggest('chesterfeild')).toBeNull();
  });

  test('the words staff made synonyms are corrected to as well, when their search finds products', async () => {
    const [set] = await db.insert(searchSynonyms).values({ kind: 'one_way', input: 'chesterfield', terms: ['sofa'] }).returning();
    await db.insert(searchSynonymTerms).values({ term: 'chesterfield', synonymId: set.id });
    try {
      // The search finds sofas for "chesterfield" through the set, so the correction leads to results.
      expect(await found('chesterfield')).toBeGreaterThan(0);
      expect(await suggest('chesterfeild')).toBe('chesterfield');
      expect(await suggest('chest')).not.toBe('chesterfield');
    } finally {
      await db.delete(searchSynonyms).where(eq(searchSynonyms.id, set.id));
    }
  });

  test.each(['xqzvw', 'asdfghjk', '', '   ', '12345', '904.999.99', '%_\\'])('nonsense "%s" gets no suggestion', async (q) => {
    expect(await suggest(q)).toBeNull();
  });

  test('never suggests the query itself, whatever its case or accents', async () => {
    for (const q of ['wardrobe', 'KIVIK', 'Wardrobe']) expect((await suggest(q))?.toLowerCase()).not.toBe(q.toLowerCase());
  });
});

describe('the vocabulary follows the catalogue', () => {
  test('it holds exactly what the visible products give, after the import', async () => {
    expect(await storedVocabulary()).toEqual(await vocabularyFromScratch());
    expect(await termCount('wardrobe')).toBeGreaterThan(100);
  });

  test('PUT /api/products/{id} — a renamed product brings its new words and takes its old ones away', async () => {
    const admin = await createUser({ isAdmin: true });
    const [kivik] = await db.select().from(products).where(eq(products.name, 'KIVIK Footstool with storage'));
    expect(kivik).toBeDefined();
    expect(await suggest('zanzibra')).toBeNull();
    const res = await call(PUT, { method: 'PUT', url: `/api/products/${kivik.id}`, params: { id: String(kivik.id) }, token: await tokenFor(admin), body: { name: 'ZANZIBAR Footstool with storage' } });
    expect(res.status).toBe(200);
    expect(await termCount('zanzibar')).toBe(1);
    expect(await suggest('zanzibra')).toBe('zanzibar');
    expect(await found('zanzibar')).toBe(1);

    await call(PUT, { method: 'PUT', url: `/api/products/${kivik.id}`, params: { id: String(kivik.id) }, token: await tokenFor(admin), body: { name: 'KIVIK Footstool with storage' } });
    expect(await termCount('zanzibar')).toBe(0);
    expect(await suggest('zanzibra')).toBeNull();
    expect(await storedVocabulary()).toEqual(await vocabularyFromScratch());
  });

  test('DELETE /api/products/{id} — an archived or deleted product no longer counts, and its last term leaves', async () => {
    const admin = await createUser({ isAdmin: true });
    const sold = await createProduct({ name: 'QUOKKAVIK Armchair', color: 'Teal' });
    const unsold = await createProduct({ name: 'QUOKKAVIK Footstool', color: 'Teal' });
    expect(await termCount('quokkavik')).toBe(2);
    expect(await suggest('quokavik')).toBe('quokkavik');

    await createOrderWith(sold);
    const archived = await call(DELETE, { method: 'DELETE', url: `/api/products/${sold.id}`, params: { id: String(sold.id) }, token: await tokenFor(admin) });
    expect(archived.status).toBe(200);
    const [row] = await db.select().from(products).where(eq(products.id, sold.id));
    expect(row.archivedAt).not.toBeNull();
    expect(await termCount('quokkavik')).toBe(1);

    const deleted = await call(DELETE, { method: 'DELETE', url: `/api/products/${unsold.id}`, params: { id: String(unsold.id) }, token: await tokenFor(admin) });
    expect(deleted.status).toBe(200);
    expect(await termCount('quokkavik')).toBe(0);
    expect(await termCount('teal')).toBe(0);
    expect(await suggest('quokavik')).toBeNull();
    expect(await storedVocabulary()).toEqual(await vocabularyFromScratch());
  });

  test('stock and price moves do not touch it', async () => {
    const before = await storedVocabulary();
    await db.execute(sql`UPDATE products SET stock = stock + 1, price = price + 100 WHERE id IN (SELECT id FROM products ORDER BY id LIMIT 50)`);
    expect(await storedVocabulary()).toEqual(before);
  });
});

describe('getSearchHelp: what the products page offers', () => {
  test('a search without results: a suggestion and the categories its words name', async () => {
    expect(await found('wardorbe')).toBe(0);
    const help = await getSearchHelp({ q: 'wardorbe' }, 0);
    expect(help).toMatchObject({ weak: false, didYouMean: 'wardrobe' });
    // The categories its correction names too.
    expect(help.categoryIds).toContain((await categoryByName('Wardrobes')).id);
    const bedroom = await categoryByName('Bedroom');
    expect((await getSearchHelp({ q: 'bedrom' }, 0)).categoryIds).toContain(bedroom.id);
  });

  test('a search whose results all come from typos is weak, and offers its correction and categories', async () => {
    const total = await found('dinning table');
    expect(total).toBeGreaterThan(0);
    const help = await getSearchHelp({ q: 'dinning table' }, total);
    expect(help).toMatchObject({ weak: true, didYouMean: 'dining table' });
    expect(help.categoryIds).toEqual(expect.arrayContaining([(await categoryByName('Dining')).id, (await categoryByName('Tables & desks')).id]));
    const bokcase = await getSearchHelp({ q: 'bokcase' }, await found('bokcase'));
    expect(bokcase).toMatchObject({ weak: true, didYouMean: 'bookcase' });
  });

  test('weak is judged among the results the filters leave', async () => {
    const bookcases = (await categoryByName('Bookcases & shelving units')).id;
    for (const [q, weak] of [['bokcase', true], ['bookcase', false]] as const) {
      const params = { q, categoryIds: [bookcases] };
      const total = (await listProducts({ ...params, limit: 1 })).total;
      expect(total).toBeGreaterThan(0);
      expect((await getSearchHelp(params, total)).weak).toBe(weak);
    }
  });

  test('a search found by its words is not weak and offers nothing', async () => {
    for (const q of ['wardrobe', 'white chair', '904.203.32']) {
      const total = await found(q);
      expect(total).toBeGreaterThan(0);
      expect(await getSearchHelp({ q }, total)).toEqual({ weak: false, didYouMean: null, categoryIds: [] });
    }
  });

  test('no query: nothing', async () => {
    expect(await getSearchHelp({ categoryIds: [1] }, 10)).toEqual({ weak: false, didYouMean: null, categoryIds: [] });
  });
});

describe('GET /api/products/search — did_you_mean', () => {
  test('a search that found nothing carries a correction that finds products', async () => {
    const res = await call(searchRoute, { url: '/api/products/search?query=wardorbe' });
    expect(res.status).toBe(200);
    expect(searchPageJson.parse(res.body)).toMatchObject({ total: 0, products: [], did_you_mean: 'wardrobe' });
    const followed = await call(searchRoute, { url: `/api/products/search?query=${encodeURIComponent(res.body.did_you_mean)}` });
    expect(followed.body.total).toBeGreaterThan(0);
    expect(followed.body).not.toHaveProperty('did_you_mean');
  });

  test('none for nonsense, nor for a search with results', async () => {
    for (const query of ['qwzxv', 'bokcase']) {
      const res = await call(searchRoute, { url: `/api/products/search?query=${query}` });
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty('did_you_mean');
    }
  });
});
