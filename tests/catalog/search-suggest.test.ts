/**
 * GET /api/search/suggest — suggestions as the shopper types (docs/search.md "Suggestions as you
 * type"), on the real catalogue: the groups, the limit of 8, prefixes as typed, the best first,
 * bad input and the shared cache's header.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { products } from '@/db/schema';
import { GET as suggestRoute } from '@/app/api/search/suggest/route';
import { PUBLIC_CACHE_HEADERS } from '@/lib/catalog/read/cache';
import { getSuggestions } from '@/lib/catalog/read/suggestions';
import type { SuggestionsJson } from '@/lib/catalog/contracts';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { categoryByName, importRealCatalogue } from '../support/catalog';

const suggest = async (q: string) => {
  const res = await call(suggestRoute, { url: `/api/search/suggest?${new URLSearchParams({ q })}` });
  return { ...res, body: res.body as SuggestionsJson };
};
const count = (s: SuggestionsJson) => s.products.length + s.categories.length + s.brands.length;

beforeAll(async () => {
  await importRealCatalogue();
});

describe('GET /api/search/suggest', () => {
  test('GET /api/search/suggest?q=sof — sofas first, the Sofas & armchairs category, at most 8, cacheable by the shared cache', async () => {
    const res = await suggest('sof');
    expect(res.status).toBe(200);
    expect(res.res.headers.get('cache-control')).toBe(PUBLIC_CACHE_HEADERS['Cache-Control']);
    expect(res.body.query).toBe('sof');
    expect(count(res.body)).toBeLessThanOrEqual(8);
    const sofas = await categoryByName('Sofas & armchairs');
    expect(res.body.categories).toEqual([{ category_id: sofas.id, name: 'Sofas & armchairs', room: 'Living room', url: `/products?category=${sofas.id}` }]);
    expect(res.body.products).toHaveLength(8 - res.body.categories.length - res.body.brands.length);
    for (const p of res.body.products) {
      expect(p.name).toMatch(/\bsof/i);
      expect(p.name.toLowerCase()).toContain('sofa');
      expect(p.url).toBe(`/products/${p.product_id}`);
      expect(p.price_display).toMatch(/^\$[\d,]+\.\d{2}$/);
      expect(p.price_display.replace(/[$,]/g, '')).toBe((p.price_cents / 100).toFixed(2));
      expect(p.image_url).toMatch(/^\/illustrations\/.+\.svg$/);
      expect(p.image_alt).toBe(p.name);
      expect(p.in_stock).toBe(true);
    }
    // One row per name: the variants of a model share it.
    expect(new Set(res.body.products.map((p) => p.name)).size).toBe(res.body.products.length);
  });

  test('GET /api/search/suggest?q=bed — the Beds category and the Bedroom room beside bed frames', async () => {
    const { body } = await suggest('bed');
    const names = body.categories.map((c) => [c.name, c.room]);
    expect(names).toContainEqual(['Beds', 'Bedroom']);
    expect(names).toContainEqual(['Bedroom', null]);
    expect(body.products.length).toBeGreaterThan(0);
    expect(count(body)).toBe(8);
    // The kind of piece the word names comes before pieces that only mention it ("Bed frame" before "Bedside table").
    expect(body.products[0].name).toMatch(/\bbed\b/i);
  });

  test('GET /api/search/suggest — a complete word and the start of the next ("kivik 3") narrow to both', async () => {
    const { body } = await suggest('kivik 3');
    expect(body.products.length).toBeGreaterThan(0);
    for (const p of body.products) expect(p.name).toMatch(/^KIVIK .*\b3/);
    // A word followed by a space is complete: "kivik " matches KIVIK, "kivi " nothing.
    expect((await suggest('kivik ')).body.products.length).toBeGreaterThan(0);
    expect((await suggest('kivi ')).body.products).toEqual([]);
  });

  test('GET /api/search/suggest — Swedish letters are folded both ways ("poa" and "poä" find POÄNG)', async () => {
    const plain = (await suggest('poa')).body.products.map((p) => p.name);
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.every((n) => n.startsWith('POÄNG'))).toBe(true);
    expect((await suggest('POÄ')).body.products.map((p) => p.name)).toEqual(plain);
  });

  test('GET /api/search/suggest — a plural as typed finds the singular in names ("bookcases")', async () => {
    const { body } = await suggest('bookcases');
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products[0].name).toMatch(/Bookcase/);
  });

  test('GET /api/search/suggest — in stock first, then the kind of piece named, then the shorter name; archived never', async () => {
    await createProduct({ name: 'ZORBLAX Shelf for bed', stock: 5, price: 1000 });
    await createProduct({ name: 'ZORBLAX Bed, extra long with storage', stock: 5, price: 2000 });
    await createProduct({ name: 'ZORBLAX Bedside table', stock: 0, price: 3000 });
    const archived = await createProduct({ name: 'ZORBLAX Bed', stock: 9, price: 4000 });
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived.id));
    const { body } = await suggest('zorblax bed');
    expect(body.products.map((p) => [p.name, p.in_stock])).toEqual([
      ['ZORBLAX Bed, extra long with storage', true],
      ['ZORBLAX Shelf for bed', true],
      ['ZORBLAX Bedside table', false],
    ]);
  });

  test('GET /api/search/suggest — empty, one character or no letter: 200 with no suggestions', async () => {
    for (const q of ['', 's', ' s ', '!!', '  ']) {
      const res = await suggest(q);
      expect(res.status, q).toBe(200);
      expect(res.body, q).toEqual({ query: q.trim(), products: [], categories: [], brands: [] });
    }
    const none = await call(suggestRoute, { url: '/api/search/suggest' });
    expect(none.status).toBe(200);
    expect(none.body.products).toEqual([]);
  });

  test('GET /api/search/suggest — over 100 characters: 400 with a clear message; 100 is fine', async () => {
    const long = await suggest('a'.repeat(101));
    expect(long.status).toBe(400);
    expect((long.body as unknown as { message: string }).message).toMatch(/at most 100 characters/);
    expect((await suggest('sofa '.repeat(20))).status).toBe(200);
  });

  test('GET /api/search/suggest — a control character: 400, not 500', async () => {
    expect((await suggest('so\u0000fa')).status).toBe(400);
  });
});

describe('alternatives for a complete word (where synonyms plug in)', () => {
  test('a typed "couch " with sofa as its alternative suggests sofas and the sofa category', async () => {
    const found = await getSuggestions({ complete: [['couch', 'sofa']], partial: null });
    expect(found.categories.map((c) => c.name)).toContain('Sofas & armchairs');
    expect(found.products.length).toBeGreaterThan(0);
    for (const p of found.products) expect(p.name.toLowerCase()).toMatch(/sofa/);
    // Without the alternative "couch" names nothing in the catalogue.
    const alone = await getSuggestions({ complete: [['couch']], partial: null });
    expect(alone.products).toEqual([]);
  });

  test('a phrase alternative matches its words in order ("lounge suite" → "3-seat sofa")', async () => {
    const found = await getSuggestions({ complete: [['lounge suite', '3 seat']], partial: 'so' });
    expect(found.products.length).toBeGreaterThan(0);
    for (const p of found.products) expect(p.name).toMatch(/3-seat sofa/i);
  });
});

describe('GET /api/search/suggest with the seeded synonym sets', () => {
  test.each(['couch', 'couch ', 'Couches'])('"%s" suggests sofas and the Sofas & armchairs category, as the search finds them', async (q) => {
    const res = await suggest(q);
    expect(res.status).toBe(200);
    expect(res.body.categories.map((c) => c.name)).toContain('Sofas & armchairs');
    expect(res.body.products.length).toBeGreaterThan(0);
    for (const p of res.body.products) expect(p.name.toLowerCase()).toMatch(/sofa/);
  });

  test('"closet" suggests wardrobes; "kids be" still reads "be" as the start of a word', async () => {
    const closet = await suggest('closet');
    expect(closet.body.products.length).toBeGreaterThan(0);
    for (const p of closet.body.products) expect(p.name.toLowerCase()).toMatch(/wardrobe/);
    const kids = await suggest('kids be');
    expect(kids.body.products.length).toBeGreaterThan(0);
    for (const p of kids.body.products) expect(p.name.toLowerCase()).toMatch(/\bbe/);
  });
});
