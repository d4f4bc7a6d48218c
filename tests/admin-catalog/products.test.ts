import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { GET as getImage } from '@/app/api/images/[...key]/route';
import { GET as listProducts, POST } from '@/app/api/products/route';
import { DELETE, GET as getProduct, PUT } from '@/app/api/products/[id]/route';
import { db } from '@/db/client';
import { cartItems, carts, productCategories, productImages, products } from '@/db/schema';
import { setStorageForTesting } from '@/lib/storage';
import { createUploadthingStorage } from '@/lib/storage/uploadthing';
import { createBrand, createCategory, createProduct, createUser, tokenFor } from '../support/factories';
import { createOrderWith, createSupplier, fileOf, makeImage, productForm } from '../support/admin-catalog';
import { call } from '../support/http';
import { startUploadthingStandIn } from '../support/uploadthing-stand-in';

let dir: string;
let adminToken: string;
let customerToken: string;
let categoryId: number;
let brandId: number;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'product-uploads-'));
  process.env.UPLOAD_DIR = dir;
  adminToken = await tokenFor(await createUser({ isAdmin: true }));
  customerToken = await tokenFor(await createUser());
  categoryId = (await createCategory()).sub.id;
  brandId = (await createBrand()).id;
});
afterAll(async () => {
  delete process.env.UPLOAD_DIR;
  await fs.rm(dir, { recursive: true, force: true });
});
beforeEach(() => vi.mocked(revalidateTag).mockClear());

const storedFiles = async () => (await fs.readdir(dir)).sort();
const fileFor = (url: string) => path.join(dir, url.split('/').pop()!);
let n = 0;
const sku = () => `TH-${Date.now().toString(36)}-${n++}`;
const fields = (over: Record<string, unknown> = {}) => ({ name: 'Kōwhai lounge chair', sku: sku(), price: '499.90', stock: '7', category_id: categoryId, brand_id: brandId, featured: 'false', ...over });

const post = (body: unknown, token: string | null = adminToken) => call(POST, { method: 'POST', url: '/api/products', body, token: token ?? undefined });
const put = (id: number, body: unknown, token: string | null = adminToken) => call(PUT, { method: 'PUT', url: `/api/products/${id}`, params: { id: String(id) }, body, token: token ?? undefined });
const del = (id: number, token: string | null = adminToken) => call(DELETE, { method: 'DELETE', url: `/api/products/${id}`, params: { id: String(id) }, token: token ?? undefined });
const get = (id: number) => call(getProduct, { url: `/api/products/${id}`, params: { id: String(id) } });

describe('POST /api/products', () => {
  test('POST /api/products — visitor 401, customer 403, nothing created', async () => {
    const body = fields();
    expect((await post(body, null)).status).toBe(401);
    expect((await post(body, customerToken)).status).toBe(403);
    expect(await db.select().from(products).where(eq(products.sku, body.sku))).toHaveLength(0);
  });

  test('POST /api/products — an admin creates a product from JSON; price in dollars, stored in cents', async () => {
    const supplier = await createSupplier();
    const body = { ...fields({ featured: true, supplier_id: supplier.id }), price: 1299.5, stock: 3, width_cm: 80, description: 'Solid rimu frame.' };
    const res = await post(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ product_id: expect.any(Number), sku: body.sku, name: 'Kōwhai lounge chair', price: 1299.5, stock: 3, featured: true, category_id: categoryId, brand_id: brandId, supplier_id: supplier.id, width_cm: 80, images: [] });
    const [row] = await db.select().from(products).where(eq(products.id, res.body.product_id));
    expect(row.price).toBe(129950);
    expect(await db.select().from(productCategories).where(eq(productCategories.productId, row.id))).toEqual([{ productId: row.id, categoryId }]);
    expect(revalidateTag).toHaveBeenCalledWith('products', { expire: 0 });
  });

  test('POST /api/products — refuses missing name and SKU, negative or 3-decimal prices, fractional stock (400)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [fields({ name: '' }), 'Name is required.'],
      [fields({ sku: '  ' }), 'SKU is required.'],
      [fields({ price: '-1' }), 'Price must be more than $0.00.'],
      [fields({ price: '0' }), 'Price must be more than $0.00.'],
      [fields({ price: '0.00' }), 'Price must be more than $0.00.'],
      [fields({ price: '12.345' }), 'Price must be an amount in dollars with at most 2 decimals, e.g. 499 or 499.90.'],
      [fields({ price: 'abc' }), 'Price must be an amount in dollars with at most 2 decimals, e.g. 499 or 499.90.'],
      [fields({ stock: '1.5' }), 'Stock must be a whole number of 0 or more.'],
      [fields({ stock: '-2' }), 'Stock must be a whole number of 0 or more.'],
      [fields({ category_id: 99999999 }), 'That category does not exist.'],
      [fields({ brand_id: 'x' }), 'Brand must be chosen from the list.'],
    ];
    for (const [body, message] of cases) {
      const res = await post(productForm(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });

  test('PUT /api/products/{id} — a price of $0 or below is refused with 400 and the price is unchanged', async () => {
    const p = await createProduct({ price: 49900 });
    for (const price of [0, '0', -5, '-5.00']) {
      const res = await put(p.id, { price });
      expect(res.status, String(price)).toBe(400);
      expect(res.body.message).toContain('Price must be more than $0.00.');
    }
    expect((await get(p.id)).body.price).toBe(499);
  });

  test('POST /api/products — a duplicate SKU (any case), also of an archived product, answers 409', async () => {
    const existing = await createProduct({ sku: `DUP-${sku()}` });
    const res = await post(fields({ sku: existing.sku.toLowerCase() }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`The SKU “${existing.sku.toLowerCase()}” is already used by another product.`);
    const archived = await createProduct({ sku: `ARC-${sku()}`, archivedAt: new Date() });
    const again = await post(fields({ sku: archived.sku }));
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('archived product');
  });

  test('POST /api/products — multipart with two real images: stored re-encoded, first is primary, served with caching headers', async () => {
    const jpeg = fileOf(await makeImage('jpeg', 2400, 1200), 'front.jpg', 'image/jpeg');
    const png = fileOf(await makeImage('png', 600, 600), 'side.png', 'image/png');
    const res = await post(productForm(fields(), [jpeg, png]));
    expect(res.status).toBe(201);
    const images = res.body.images;
    expect(images).toHaveLength(2);
    expect(images.map((i: { sort_order: number; is_primary: boolean }) => [i.sort_order, i.is_primary])).toEqual([
      [0, true],
      [1, false],
    ]);
    for (const img of images) {
      expect(img.image_url).toMatch(/^\/api\/images\/[a-f0-9]{32}\.webp$/);
      const name = img.image_url.split('/').pop();
      const served = await call(getImage, { url: img.image_url, params: { key: [name] } as never });
      expect(served.status).toBe(200);
      expect(served.res.headers.get('content-type')).toBe('image/webp');
      expect(served.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const big = await sharp(await fs.readFile(fileFor(images[0].image_url))).metadata();
    expect([big.format, big.width, big.height]).toEqual(['webp', 2000, 1000]);
    // The storefront read shows the same images.
    expect((await get(res.body.product_id)).body.images).toEqual(images);
  });

  test('POST /api/products — imageMeta chooses the order and the primary image', async () => {
    const a = fileOf(await makeImage('png', 600, 600), 'a.png', 'image/png');
    const b = fileOf(await makeImage('png', 620, 620), 'b.png', 'image/png');
    const meta = [
      { sort_order: 1, is_primary: false },
      { sort_order: 0, is_primary: true },
    ];
    const res = await post(productForm(fields(), [a, b], { imageMeta: meta }));
    expect(res.status).toBe(201);
    const first = await sharp(await fs.readFile(fileFor(res.body.images[0].image_url))).metadata();
    expect(first.width).toBe(620);
    expect(res.body.images[0].is_primary).toBe(true);
    expect((await post(productForm(fields(), [a], { imageMeta: meta }))).status).toBe(400);
  });

  test.each([
    ['an SVG', () => fileOf('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg', 'image/svg+xml'), 400],
    ['an HTML file renamed .png', () => fileOf('<!doctype html><script>alert(1)</script>', 'photo.png', 'image/png'), 400],
  ])('POST /api/products — refuses %s with a clear message and stores nothing', async (_label, make, status) => {
    const before = await storedFiles();
    const good = fileOf(await makeImage('png'), 'good.png', 'image/png');
    const body = fields();
    const res = await post(productForm(body, [good, make()]));
    expect(res.status).toBe(status);
    expect(res.body.message).toContain('Only JPEG, PNG, WebP or AVIF images up to 5 MB are accepted.');
    expect(await storedFiles()).toEqual(before);
    expect(await db.select().from(products).where(eq(products.sku, body.sku))).toHaveLength(0);
  });

  test('POST and PUT /api/products — an image under 600 × 600 px (read from its content, whatever its name) is refused with 400 naming its size; nothing is stored', async () => {
    const before = await storedFiles();
    const tiny = fileOf(await makeImage('png', 10, 10), 'tiny.png', 'image/png');
    const body = fields();
    const created = await post(productForm(body, [fileOf(await makeImage('png'), 'good.png', 'image/png'), tiny]));
    expect(created.status).toBe(400);
    expect(created.body.message).toBe('“tiny.png”: the image is 10 × 10 px. Product images must be at least 600 × 600 px.');
    expect(await db.select().from(products).where(eq(products.sku, body.sku))).toHaveLength(0);

    const product = await post(fields());
    expect(product.status).toBe(201);
    const wide = await put(product.body.product_id, productForm({}, [fileOf(await makeImage('jpeg', 1600, 599), 'banner.jpg', 'image/jpeg')]));
    expect(wide.status).toBe(400);
    expect(wide.body.message).toBe('“banner.jpg”: the image is 1600 × 599 px. Product images must be at least 600 × 600 px.');
    expect((await get(product.body.product_id)).body.images).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  test('POST /api/products — a 6 MB image answers 413 with a message and stores nothing', async () => {
    const before = await storedFiles();
    const header = await makeImage('jpeg', 8, 8);
    const six = fileOf(Buffer.concat([header, Buffer.alloc(6 * 1024 * 1024)]), 'huge.jpg', 'image/jpeg');
    const res = await post(productForm(fields(), [six]));
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('larger than 5 MB');
    expect(await storedFiles()).toEqual(before);
  });

  test('POST /api/products — bad bodies answer 400, never 500', async () => {
    expect((await post('{not json')).status).toBe(400);
    expect((await post([1, 2])).status).toBe(400);
    const form = productForm(fields(), [], { existingImages: 'not json' });
    expect((await post(form)).status).toBe(400);
    const textAsImage = productForm(fields());
    textAsImage.append('images', 'just text');
    expect((await post(textAsImage)).status).toBe(400);
  });
});

describe('PUT /api/products/{id}', () => {
  test('PUT /api/products/{id} — visitor 401, customer 403, unknown 404, archived 404', async () => {
    const p = await createProduct();
    expect((await put(p.id, { price: 1 }, null)).status).toBe(401);
    expect((await put(p.id, { price: 1 }, customerToken)).status).toBe(403);
    expect((await put(99999999, { price: 1 })).status).toBe(404);
    const archived = await createProduct({ archivedAt: new Date() });
    expect((await put(archived.id, { price: 1 })).status).toBe(404);
    expect((await db.select().from(products).where(eq(products.id, p.id)))[0].price).toBe(p.price);
  });

  test('PUT /api/products/{id} — a JSON field-only update changes just those fields and invalidates the catalogue', async () => {
    const p = await createProduct({ categoryId, brandId, stock: 4 });
    const res = await put(p.id, { price: '249.95', featured: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ product_id: p.id, price: 249.95, featured: true, stock: 4, name: p.name, sku: p.sku, brand_id: brandId });
    expect(revalidateTag).toHaveBeenCalledWith('products', { expire: 0 });
    expect(revalidateTag).toHaveBeenCalledWith(`product:${p.id}`, { expire: 0 });
    const bad = await put(p.id, { stock: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Stock must be a whole number');
  });

  test('PUT /api/products/{id} — description, material, colour, size and variant group are set and cleared; the group offers its variants', async () => {
    const a = await createProduct({ categoryId, color: 'White' });
    const b = await createProduct({ categoryId });
    const res = await put(b.id, { description: 'A chair in oak.', material: 'Solid oak', color: 'Oak', size: '45x50 cm', variant_group: 'Test-Chair' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: 'A chair in oak.', material: 'Solid oak', color: 'Oak', size: '45x50 cm', variant_group: 'test-chair' });
    expect((await put(a.id, { variant_group: 'test-chair' })).status).toBe(200);
    const shown = await call(getProduct, { url: `/api/products/${a.id}`, params: { id: String(a.id) } });
    expect(shown.body.variants.map((v: { product_id: number; color: string }) => [v.product_id, v.color])).toEqual([
      [b.id, 'Oak'],
      [a.id, 'White'],
    ]);
    const cleared = await put(b.id, { material: '', variant_group: '' });
    expect(cleared.body).toMatchObject({ material: null, variant_group: null, color: 'Oak' });
    const tooLong = await put(b.id, { variant_group: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('Variant group must be at most 100 characters');
  });

  test('PUT /api/products/{id} — moving to another category moves its category link', async () => {
    const p = await createProduct({ categoryId });
    await db.insert(productCategories).values({ productId: p.id, categoryId });
    const other = (await createCategory()).sub.id;
    expect((await put(p.id, productForm({ category_id: other }))).status).toBe(200);
    expect(await db.select().from(productCategories).where(eq(productCategories.productId, p.id))).toEqual([{ productId: p.id, categoryId: other }]);
  });

  test('PUT /api/products/{id} — the SKU of another product answers 409, and the new image stored for it is cleaned up', async () => {
    const p = await createProduct();
    const other = await createProduct();
    const before = await storedFiles();
    const res = await put(p.id, productForm({ sku: other.sku }, [fileOf(await makeImage('png'), 'x.png', 'image/png')]));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`The SKU “${other.sku}” is already used by another product.`);
    expect(await storedFiles()).toEqual(before);
    expect(await db.select().from(productImages).where(eq(productImages.productId, p.id))).toHaveLength(0);
  });

  test('PUT /api/products/{id} — create → update with image changes: kept images stay, removed ones are erased, new ones follow', async () => {
    const created = await post(
      productForm(fields(), [fileOf(await makeImage('png', 600, 600), '1.png', 'image/png'), fileOf(await makeImage('png', 610, 610), '2.png', 'image/png')]),
    );
    expect(created.status).toBe(201);
    const [first, second] = created.body.images;
    const id = created.body.product_id;

    // Keep the second image only (by URL), add one new file.
    const res = await put(
      id,
      productForm({ name: 'Kōwhai lounge chair, oiled' }, [fileOf(await makeImage('webp', 612, 612), '3.webp', 'image/webp')], {
        existingImages: [second.image_url],
        imageMeta: [{ sort_order: 1, is_primary: false }],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Kōwhai lounge chair, oiled');
    expect(res.body.images).toHaveLength(2);
    expect(res.body.images[0]).toMatchObject({ image_id: second.image_id, sort_order: 0, is_primary: true });
    expect(res.body.images[1]).toMatchObject({ sort_order: 1, is_primary: false });
    await expect(fs.access(fileFor(first.image_url))).rejects.toThrow();
    await expect(fs.access(fileFor(second.image_url))).resolves.toBeUndefined();

    // Leaving existingImages out keeps every image.
    expect((await put(id, productForm({ stock: 9 }))).body.images).toHaveLength(2);

    // Removing all and uploading one: the new one is primary.
    const replaced = await put(id, productForm({}, [fileOf(await makeImage('avif', 616, 616), '4.avif', 'image/avif')], { existingImages: [], imageMeta: [{ sort_order: 0, is_primary: true }] }));
    expect(replaced.status).toBe(200);
    expect(replaced.body.images).toHaveLength(1);
    expect(replaced.body.images[0]).toMatchObject({ sort_order: 0, is_primary: true });

    // An image of another product cannot be "kept" here.
    const stranger = await post(productForm(fields(), [fileOf(await makeImage('png'), 's.png', 'image/png')]));
    const wrong = await put(id, { existingImages: [stranger.body.images[0].image_id] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('existingImages lists an image this product does not have');
    expect((await get(id)).body.images).toHaveLength(1);
  });
});

describe('DELETE /api/products/{id}', () => {
  test('DELETE /api/products/{id} — visitor 401, customer 403, unknown 404', async () => {
    const p = await createProduct();
    expect((await del(p.id, null)).status).toBe(401);
    expect((await del(p.id, customerToken)).status).toBe(403);
    expect((await del(99999999)).status).toBe(404);
    expect(await db.select().from(products).where(eq(products.id, p.id))).toHaveLength(1);
  });

  test('DELETE /api/products/{id} — a product in no order is erased with its image files', async () => {
    const created = await post(productForm(fields(), [fileOf(await makeImage('png'), 'a.png', 'image/png')]));
    const id = created.body.product_id;
    const file = fileFor(created.body.images[0].image_url);
    await expect(fs.access(file)).resolves.toBeUndefined();
    const res = await del(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, archived: false, message: 'The product was deleted.' });
    expect(await db.select().from(products).where(eq(products.id, id))).toHaveLength(0);
    await expect(fs.access(file)).rejects.toThrow();
    expect((await get(id)).status).toBe(404);
  });

  test('DELETE /api/products/{id} — a product in a past order is archived: hidden from the shop, kept for history, taken out of carts', async () => {
    const created = await post(productForm(fields(), [fileOf(await makeImage('png'), 'a.png', 'image/png')]));
    const id = created.body.product_id;
    const [row] = await db.select().from(products).where(eq(products.id, id));
    const { item } = await createOrderWith(row);
    const shopper = await createUser();
    const [cart] = await db.insert(carts).values({ userId: shopper.id }).returning();
    await db.insert(cartItems).values({ cartId: cart.id, productId: id, quantity: 1 });

    const res = await del(id);
    expect(res.status).toBe(200);
    expect(res.body.archived).toBe(true);
    expect(res.body.message).toContain('archived');
    const [kept] = await db.select().from(products).where(eq(products.id, id));
    expect(kept.archivedAt).toBeInstanceOf(Date);
    expect(item.productId).toBe(id);
    await expect(fs.access(fileFor(created.body.images[0].image_url))).resolves.toBeUndefined();
    expect(await db.select().from(cartItems).where(eq(cartItems.productId, id))).toHaveLength(0);
    expect((await get(id)).status).toBe(404);
    const list = await call(listProducts, { url: `/api/products?limit=100&category=${categoryId}` });
    expect(list.body.products.map((p: { product_id: number }) => p.product_id)).not.toContain(id);
    // Archived products cannot be edited or deleted again.
    expect((await put(id, { price: 1 })).status).toBe(404);
    expect((await del(id)).status).toBe(404);
  });
});

describe('products with uploadthing storage', () => {
  test('POST then DELETE /api/products — images go to uploadthing (stand-in) and are deleted there', async () => {
    const standIn = await startUploadthingStandIn();
    setStorageForTesting(createUploadthingStorage({ token: standIn.token, apiUrl: standIn.url, ingestUrl: standIn.url }));
    try {
      const created = await post(productForm(fields(), [fileOf(await makeImage('jpeg'), 'a.jpg', 'image/jpeg')]));
      expect(created.status).toBe(201);
      const url: string = created.body.images[0].image_url;
      expect(url.startsWith(`${standIn.url}/f/`)).toBe(true);
      expect(standIn.files.size).toBe(1);
      const served = await fetch(url);
      expect(served.headers.get('content-type')).toBe('image/webp');

      const res = await del(created.body.product_id);
      expect(res.body.archived).toBe(false);
      expect(standIn.files.size).toBe(0);
      expect(standIn.deleted).toEqual([url.split('/f/')[1]]);
    } finally {
      setStorageForTesting(null);
      await standIn.close();
    }
  });
});
