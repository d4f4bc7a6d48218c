import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { products, promotions } from '@/db/schema';
import { GET as listRoute } from '@/app/api/products/route';
import { GET as productRoute } from '@/app/api/products/[id]/route';
import { GET as featuredRoute } from '@/app/api/products/featured/route';
import { GET as latestRoute } from '@/app/api/products/latest/route';
import { GET as promotionsRoute } from '@/app/api/products/promotions/route';
import { GET as searchRoute } from '@/app/api/products/search/route';
import { GET as categoriesRoute } from '@/app/api/categories/route';
import { listProducts } from '@/lib/catalog/read/queries';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { categoryByName, importRealCatalogue } from '../support/catalog';

const visible = async () => Number(((await db.execute(sql`SELECT count(*) AS n FROM products WHERE archived_at IS NULL`)) as unknown as { rows: { n: string }[] }).rows[0].n);

beforeAll(async () => {
  await importRealCatalogue();
});

describe('GET /api/products', () => {
  test('GET /api/products — 18 products per page with currentPage and totalPages, cacheable', async () => {
    const res = await call(listRoute, { url: '/api/products' });
    expect(res.status).toBe(200);
    const total = await visible();
    expect(res.body).toMatchObject({ currentPage: 1, totalPages: Math.ceil(total / 18), total });
    expect(res.body.products).toHaveLength(18);
    const p = res.body.products[0];
    for (const key of ['product_id', 'sku', 'name', 'description', 'category_id', 'brand_id', 'material', 'style', 'color', 'size', 'price', 'stock', 'featured', 'images']) expect(p).toHaveProperty(key);
    expect(typeof p.price).toBe('number');
    expect(res.res.headers.get('cache-control')).toContain('s-maxage');
  });

  test('GET /api/products — page and limit are clamped (page 0, beyond the end, limit over 100)', async () => {
    expect((await call(listRoute, { url: '/api/products?page=0' })).body.currentPage).toBe(1);
    const last = await call(listRoute, { url: '/api/products?page=100000&limit=18' });
    expect(last.status).toBe(200);
    expect(last.body.currentPage).toBe(last.body.totalPages);
    expect(last.body.products.length).toBeGreaterThan(0);
    expect((await call(listRoute, { url: '/api/products?limit=1000' })).body.products).toHaveLength(100);
  });

  test('GET /api/products — filters from the query string: category + style + width range', async () => {
    const dining = await categoryByName('Dining');
    const res = await call(listRoute, { url: `/api/products?category=${dining.id}&style=Natural%20wood&width_min=60&width_max=120&limit=100` });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    const same = await listProducts({ categoryIds: [dining.id], style: ['Natural wood'], width: { min: 60, max: 120 }, limit: 100 });
    expect(res.body.products.map((p: { product_id: number }) => p.product_id)).toEqual(same.products.map((p) => p.product_id));
    expect((await call(listRoute, { url: '/api/products?style=Natural%20wood&width_min=60&width_max=120' })).body.total).toBeGreaterThan(res.body.total);
    for (const p of res.body.products) {
      expect(p.style).toBe('Natural wood');
      expect(p.width_cm).toBeGreaterThanOrEqual(60);
      expect(p.width_cm).toBeLessThanOrEqual(120);
    }
  });

  test('GET /api/products — repeated and comma-separated category ids mean the same', async () => {
    const beds = await categoryByName('Beds');
    const chairs = await categoryByName('Chairs');
    const a = await call(listRoute, { url: `/api/products?category=${beds.id}&category=${chairs.id}` });
    const b = await call(listRoute, { url: `/api/products?category=${beds.id},${chairs.id}` });
    const one = await call(listRoute, { url: `/api/products?category=${beds.id}` });
    expect(a.body.total).toBe(b.body.total);
    expect(a.body.total).toBeGreaterThan(one.body.total);
  });

  test('GET /api/products — q, query and search all search; include_images=true sends every image', async () => {
    const q = await call(listRoute, { url: '/api/products?q=kallax' });
    const query = await call(listRoute, { url: '/api/products?query=kallax' });
    const search = await call(listRoute, { url: '/api/products?search=kallax' });
    expect(q.body.total).toBeGreaterThan(0);
    expect(query.body.total).toBe(q.body.total);
    expect(search.body.total).toBe(q.body.total);
    expect((await call(listRoute, { url: '/api/products?include_images=true' })).status).toBe(200);
  });

  test.each([
    ['page=abc', 'page must be a whole number'],
    ['page=1.5', 'page must be a whole number'],
    ['limit=ten', 'limit must be a whole number'],
    ['include_images=maybe', 'include_images must be true or false'],
    ['sort=cheapest', 'sort must be one of'],
    ['category=sofas', 'category must be category ids'],
    ['width_min=-3', 'width_min must be a number of centimetres'],
    [`q=${'x'.repeat(201)}`, 'at most 200 characters'],
  ])('GET /api/products?%s — 400 with a clear message', async (query, message) => {
    const res = await call(listRoute, { url: `/api/products?${query}` });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(res.body.code).toBe('bad_request');
  });

  test('GET /api/products?width_min=200&width_max=100 — a range typed the other way round lists the sizes between its ends', async () => {
    const reversed = await call(listRoute, { url: '/api/products?width_min=200&width_max=100&limit=100' });
    const ordered = await call(listRoute, { url: '/api/products?width_min=100&width_max=200&limit=100' });
    expect(reversed.status).toBe(200);
    expect(ordered.body.total).toBeGreaterThan(0);
    expect(reversed.body.total).toBe(ordered.body.total);
    for (const p of reversed.body.products) expect(p.width_cm).toBeGreaterThanOrEqual(100);
    for (const p of reversed.body.products) expect(p.width_cm).toBeLessThanOrEqual(200);
  });

  test('GET /api/products — the admin product search finds a product by SKU, case-insensitive, first even when sorted by newest', async () => {
    const res = await call(listRoute, { url: '/api/products?page=1&limit=18&include_images=true&sort=newest&q=s093.335.23' });
    expect(res.status).toBe(200);
    expect(res.body.products[0]).toMatchObject({ sku: 'S093.335.23' });
  });

  test('GET /api/products — unknown parameters are ignored', async () => {
    expect((await call(listRoute, { url: '/api/products?utm_source=mail&_=123' })).status).toBe(200);
  });
});

describe('GET /api/products/{id}', () => {
  test('GET /api/products/{id} — one product with category, room and brand names', async () => {
    const [promo] = await db.select().from(promotions).limit(1);
    const res = await call(productRoute, { url: `/api/products/${promo.productId}`, params: { id: String(promo.productId) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ product_id: promo.productId, brand_name: 'IKEA', original_price: promo.originalPrice / 100 });
    expect(res.body.category_name).toBeTruthy();
    expect(res.body.room_name).toBeTruthy();
  });

  test('GET /api/products/{id} — variants: every colour and size of the model (KIVIK 3-seat sofa), itself included', async () => {
    const kivik = await db.select({ id: products.id, color: products.color }).from(products).where(eq(products.name, 'KIVIK 3-seat sofa'));
    expect(kivik.length).toBeGreaterThanOrEqual(2);
    const res = await call(productRoute, { url: `/api/products/${kivik[0].id}`, params: { id: String(kivik[0].id) } });
    expect(res.status).toBe(200);
    expect(res.body.variant_group).toBe('kivik-3-seat-sofa');
    const variants = res.body.variants as { product_id: number; sku: string; name: string; color: string | null; size: string | null; price: number; stock: number; in_stock: boolean }[];
    expect(variants.map((v) => v.product_id).sort()).toEqual(kivik.map((k) => k.id).sort());
    expect(new Set(variants.map((v) => v.color))).toEqual(new Set(kivik.map((k) => k.color)));
    for (const v of variants) {
      expect(v.name).toBe('KIVIK 3-seat sofa');
      expect(typeof v.price).toBe('number');
      expect(v.in_stock).toBe(v.stock > 0);
      expect(v.sku).toMatch(/^S?\d{3}\.\d{3}\.\d{2}$/);
    }
    // An archived variant is no longer offered; a product of no group has none.
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, kivik[1].id));
    const after = await call(productRoute, { url: `/api/products/${kivik[0].id}`, params: { id: String(kivik[0].id) } });
    expect(after.body.variants.map((v: { product_id: number }) => v.product_id)).not.toContain(kivik[1].id);
    await db.update(products).set({ archivedAt: null }).where(eq(products.id, kivik[1].id));
    const single = await createProduct();
    const none = await call(productRoute, { url: `/api/products/${single.id}`, params: { id: String(single.id) } });
    expect(none.body).toMatchObject({ variant_group: null, variants: [] });
  });

  test('GET /api/products/{id} — 404 "Product not found." for unknown or archived products', async () => {
    const unknown = await call(productRoute, { url: '/api/products/987654', params: { id: '987654' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Product not found.');
    const p = await createProduct();
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, p.id));
    const archived = await call(productRoute, { url: `/api/products/${p.id}`, params: { id: String(p.id) } });
    expect(archived.status).toBe(404);
    expect(archived.body.message).toBe('Product not found.');
  });

  test.each(['abc', '0', '-1', '1.5', '99999999999999999999'])('GET /api/products/%s — 400 for an id that is not a positive whole number', async (id) => {
    const res = await call(productRoute, { url: `/api/products/${id}`, params: { id } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The product id must be a positive whole number.');
  });
});

describe('GET /api/products/featured, /latest, /promotions, /search and /api/categories', () => {
  test('GET /api/products/featured — an array of 8 featured products; limit chooses how many', async () => {
    const res = await call(featuredRoute, { url: '/api/products/featured' });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(8);
    expect(res.body.every((p: { featured: boolean }) => p.featured)).toBe(true);
    expect((await call(featuredRoute, { url: '/api/products/featured?limit=3' })).body).toHaveLength(3);
    expect((await call(featuredRoute, { url: '/api/products/featured?limit=abc' })).status).toBe(400);
  });

  test('GET /api/products/latest — an array, newest first', async () => {
    const res = await call(latestRoute, { url: '/api/products/latest?limit=12' });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(12);
    const dates = res.body.map((p: { created_at: string }) => p.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await call(latestRoute, { url: '/api/products/latest?limit=-' })).status).toBe(400);
  });

  test('GET /api/products/promotions — groups, each with products carrying originalPrice and promotionalPrice', async () => {
    const res = await call(promotionsRoute, { url: '/api/products/promotions?limit=4' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(7);
    for (const group of res.body) {
      expect(group).toEqual({ id: expect.any(Number), name: expect.any(String), products: expect.any(Array) });
      expect(group.products.length).toBeLessThanOrEqual(4);
      for (const p of group.products) {
        expect(p).toMatchObject({ id: expect.any(Number), name: expect.any(String), originalPrice: expect.any(Number), promotionalPrice: expect.any(Number) });
        expect(p.originalPrice).toBeGreaterThan(p.promotionalPrice);
        expect(p).toHaveProperty('imageUrl');
      }
    }
    expect((await call(promotionsRoute, { url: '/api/products/promotions?limit=x' })).status).toBe(400);
  });

  test('GET /api/products/search?query= — best matches first in the paged shape', async () => {
    const res = await call(searchRoute, { url: '/api/products/search?query=white%20bookcase&limit=5' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currentPage: 1, totalPages: expect.any(Number) });
    expect(res.body.products).toHaveLength(5);
    for (const p of res.body.products) expect(p.name).toMatch(/Bookcase/);
  });

  test('GET /api/products/search — a blank query falls back to the full list; bad paging is a 400', async () => {
    const blank = await call(searchRoute, { url: '/api/products/search?query=%20%20' });
    expect(blank.status).toBe(200);
    expect(blank.body.total).toBe(await visible());
    expect((await call(searchRoute, { url: '/api/products/search' })).body.total).toBe(await visible());
    expect((await call(searchRoute, { url: '/api/products/search?query=sofa&page=abc' })).status).toBe(400);
  });

  test('GET /api/categories — rooms with their subcategories', async () => {
    const res = await call(categoriesRoute, { url: '/api/categories' });
    expect(res.status).toBe(200);
    const living = res.body.find((c: { name: string }) => c.name === 'Living room');
    expect(living).toMatchObject({ category_id: expect.any(Number), id: living.category_id, slug: 'living-room' });
    expect(living.subcategories.map((s: { name: string }) => s.name)).toEqual(['Sofas & armchairs', 'TV & media furniture', 'Room dividers']);
    expect(living.subcategories[0]).toEqual({ category_id: expect.any(Number), id: expect.any(Number), name: 'Sofas & armchairs', slug: 'sofas-and-armchairs' });
  });
});
