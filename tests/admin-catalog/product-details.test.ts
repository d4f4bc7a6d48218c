/**
 * Edit Details: a product an administrator adds and then describes — style,
 * function, mobility, width/height/depth in cm, supplier — through POST and PUT /api/products is
 * found by the storefront's filters (GET /api/products?style=…, the facet counts), and its
 * category's triggers (migration 0005) list it under its room.
 */
import { revalidateTag } from 'next/cache';
import { ALL_PERMISSIONS } from '@/lib/auth/permission-list';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { GET as listProductsRoute, POST } from '@/app/api/products/route';
import { PUT } from '@/app/api/products/[id]/route';
import { getFacets } from '@/lib/catalog/read/queries';
import { listFacetChoices } from '@/lib/catalog/admin/facet-choices';
import { STYLES } from '@/lib/catalog/read/facets';
import { createBrand, createCategory, createUser, tokenFor } from '../support/factories';
import { createSupplier } from '../support/admin-catalog';
import { call } from '../support/http';

let adminToken: string;
let room: Awaited<ReturnType<typeof createCategory>>;
let brandId: number;

beforeAll(async () => {
  adminToken = await tokenFor(await createUser({ isAdmin: true }));
  room = await createCategory();
  brandId = (await createBrand()).id;
});
beforeEach(() => vi.mocked(revalidateTag).mockClear());

/** A listed style no other product of this file's database has, so the filter finds only what the test adds. */
const STYLE = 'Rattan & wicker';

const ids = (body: { products: { product_id: number }[] }) => body.products.map((p) => p.product_id);
const listing = (query: string) => call(listProductsRoute, { url: `/api/products?${query}` });

describe('PUT /api/products/{id} — Edit Details', () => {
  test('PUT /api/products/{id} — an admin-added product with style, function, mobility, sizes and supplier is found by those filters', async () => {
    const supplier = await createSupplier();
    const created = await call(POST, {
      method: 'POST',
      url: '/api/products',
      token: adminToken,
      body: { name: 'Tōtara sideboard', sku: `TS-${Date.now()}`, price: '899', stock: '3', category_id: room.sub.id, brand_id: brandId },
    });
    expect(created.status).toBe(201);
    const id: number = created.body.product_id;
    // Not yet described: the style filter does not find it.
    expect(ids((await listing(`style=${encodeURIComponent(STYLE)}`)).body)).not.toContain(id);

    // What the Edit Details dialog sends (form strings).
    const saved = await call(PUT, {
      method: 'PUT',
      url: `/api/products/${id}`,
      params: { id: String(id) },
      token: adminToken,
      body: { style: STYLE, function: 'Storage', mobility: 'On castors', width_cm: '160', height_cm: '75', depth_cm: '45', supplier_id: String(supplier.id) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ style: STYLE, function: 'Storage', mobility: 'On castors', width_cm: 160, height_cm: 75, depth_cm: 45, supplier_id: supplier.id });
    expect(vi.mocked(revalidateTag).mock.calls.map(([tag]) => tag)).toEqual(expect.arrayContaining(['products', `product:${id}`]));

    expect(ids((await listing(`style=${encodeURIComponent(STYLE)}`)).body)).toEqual([id]);
    expect(ids((await listing(`style=${encodeURIComponent(STYLE)}&function=Storage&mobility=On%20castors&width_min=150&width_max=170&category=${room.room.id}`)).body)).toEqual([id]);
    expect(ids((await listing(`style=${encodeURIComponent(STYLE)}&width_max=100`)).body)).toEqual([]);

    const facets = await getFacets({ categoryIds: [room.room.id] });
    expect(facets.style).toContainEqual({ value: STYLE, count: 1 });
    expect(facets.mobility).toContainEqual({ value: 'On castors', count: 1 });
    expect(facets.dimensions.width).toEqual({ min: 160, max: 160 });
  });

  test('PUT /api/products/{id} — refuses a fractional or negative size and an unknown supplier (400); an emptied field is cleared', async () => {
    const created = await call(POST, { method: 'POST', url: '/api/products', token: adminToken, body: { name: 'Rimu stool', sku: `RS-${Date.now()}`, price: '89', category_id: room.sub.id, style: 'Natural wood', width_cm: 40 } });
    const id: number = created.body.product_id;
    const put = (body: unknown) => call(PUT, { method: 'PUT', url: `/api/products/${id}`, params: { id: String(id) }, token: adminToken, body });
    const fractional = await put({ width_cm: '40.5' });
    expect(fractional.status).toBe(400);
    expect(fractional.body.message).toBe('Width must be a whole number of centimetres.');
    expect((await put({ height_cm: '-3' })).status).toBe(400);
    const supplier = await put({ supplier_id: '99999999' });
    expect(supplier.status).toBe(400);
    expect(supplier.body.message).toBe('That supplier does not exist.');
    const cleared = await put({ style: '', width_cm: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ style: null, width_cm: null });
  });

  test('style, function and mobility are chosen from lists: "upholstered" is stored as "Upholstered" (one filter), a value on no list is refused', async () => {
    const created = await call(POST, {
      method: 'POST',
      url: '/api/products',
      token: adminToken,
      body: { name: 'Kauri armchair', sku: `KA-${Date.now()}`, price: '640', category_id: room.sub.id, style: 'Upholstered', function: 'Seating' },
    });
    expect(created.status).toBe(201);
    const id: number = created.body.product_id;
    const put = (body: unknown) => call(PUT, { method: 'PUT', url: `/api/products/${id}`, params: { id: String(id) }, token: adminToken, body });

    const other = await call(POST, {
      method: 'POST',
      url: '/api/products',
      token: adminToken,
      body: { name: 'Kauri footstool', sku: `KF-${Date.now()}`, price: '240', category_id: room.sub.id, style: ' upholstered ', function: 'SEATING', mobility: 'on castors' },
    });
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ style: 'Upholstered', function: 'Seating', mobility: 'On castors' });

    const lower = await put({ style: 'upholstered', mobility: 'swivel & ROCKING' });
    expect(lower.status).toBe(200);
    expect(lower.body).toMatchObject({ style: 'Upholstered', mobility: 'Swivel & rocking' });
    const facets = await getFacets({ categoryIds: [room.room.id] });
    expect(facets.style.filter((f) => f.value.toLowerCase() === 'upholstered')).toEqual([{ value: 'Upholstered', count: 2 }]);

    const unknown = await put({ style: 'Mid-century' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^Style must be one of the listed styles: Rattan & wicker, Upholstered/);
    expect(unknown.body.field).toBe('style');
    expect((await put({ function: 'Sleeping-ish' })).status).toBe(400);
    const created2 = await call(POST, { method: 'POST', url: '/api/products', token: adminToken, body: { name: 'Odd', sku: `OD-${Date.now()}`, price: '1', mobility: 'Hovering' } });
    expect(created2.status).toBe(400);
    expect(created2.body.message).toMatch(/^Mobility must be one of the listed mobilities/);

    // The lists: the vocabulary, and no spelling twice.
    const choices = await listFacetChoices({ ...(await createUser({ isAdmin: true })), permissions: ALL_PERMISSIONS });
    expect(choices.style.slice(0, STYLES.length)).toEqual([...STYLES]);
    expect(new Set(choices.style.map((s) => s.toLowerCase())).size).toBe(choices.style.length);
  });

  test('a new product with no size whose name says sofa is bulky; its cover is a parcel', async () => {
    const sofa = await call(POST, { method: 'POST', url: '/api/products', token: adminToken, body: { name: 'Aroha 3-seat sofa', sku: `AS-${Date.now()}`, price: '1999', category_id: room.sub.id } });
    expect(sofa.status).toBe(201);
    expect(sofa.body.shipping_class).toBe('bulky');
    const cover = await call(POST, { method: 'POST', url: '/api/products', token: adminToken, body: { name: 'Cover for Aroha 3-seat sofa', sku: `AC-${Date.now()}`, price: '199', category_id: room.sub.id } });
    expect(cover.body.shipping_class).toBe('parcel');
  });
});
