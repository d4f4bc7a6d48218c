import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { GET as listBrands, POST as postBrand } from '@/app/api/brands/route';
import { DELETE as deleteBrand, PUT as putBrand } from '@/app/api/brands/[id]/route';
import { GET as listSuppliers, POST as postSupplier } from '@/app/api/suppliers/route';
import { DELETE as deleteSupplier, PUT as putSupplier } from '@/app/api/suppliers/[id]/route';
import { db } from '@/db/client';
import { brands, products, suppliers } from '@/db/schema';
import { createBrand, createProduct, createUser, tokenFor } from '../support/factories';
import { createSupplier } from '../support/admin-catalog';
import { call } from '../support/http';

let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  adminToken = await tokenFor(await createUser({ isAdmin: true }));
  customerToken = await tokenFor(await createUser());
});

describe('brands', () => {
  test('GET /api/brands — public list of {brand_id, name, description}, sorted by name', async () => {
    const b = await createBrand(`Zeta ${Date.now()}`);
    const a = await createBrand(`alpha ${Date.now()}`);
    const res = await call(listBrands, { url: '/api/brands' });
    expect(res.status).toBe(200);
    const names = res.body.map((x: { name: string }) => x.name);
    expect(names.indexOf(a.name)).toBeLessThan(names.indexOf(b.name));
    expect(res.body.find((x: { brand_id: number }) => x.brand_id === b.id)).toEqual({ brand_id: b.id, name: b.name, description: 'Test brand' });
  });

  test('POST /api/brands — visitor 401, customer 403, admin 201 with the brand', async () => {
    const body = { name: 'Kauri Works', description: 'Solid timber from Northland' };
    expect((await call(postBrand, { method: 'POST', url: '/api/brands', body })).status).toBe(401);
    expect((await call(postBrand, { method: 'POST', url: '/api/brands', body, token: customerToken })).status).toBe(403);
    const res = await call(postBrand, { method: 'POST', url: '/api/brands', body, token: adminToken });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ brand_id: expect.any(Number), name: 'Kauri Works', description: 'Solid timber from Northland' });
    const [row] = await db.select().from(brands).where(eq(brands.id, res.body.brand_id));
    expect(row.name).toBe('Kauri Works');
  });

  test('POST /api/brands — refuses an empty name (400) and a duplicate name in any case (409)', async () => {
    const empty = await call(postBrand, { method: 'POST', url: '/api/brands', body: { name: '   ' }, token: adminToken });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Name is required');
    await createBrand('Rimu & Co');
    const dup = await call(postBrand, { method: 'POST', url: '/api/brands', body: { name: 'RIMU & CO' }, token: adminToken });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A brand named “RIMU & CO” already exists.');
  });

  test('PUT /api/brands/{id} — renames; 401/403 for others; 404 unknown; 409 when the name is taken', async () => {
    const b = await createBrand();
    const other = await createBrand();
    const url = `/api/brands/${b.id}`;
    const params = { id: String(b.id) };
    expect((await call(putBrand, { method: 'PUT', url, params, body: { name: 'X' } })).status).toBe(401);
    expect((await call(putBrand, { method: 'PUT', url, params, body: { name: 'X' }, token: customerToken })).status).toBe(403);
    const ok = await call(putBrand, { method: 'PUT', url, params, body: { name: 'Matai Living', description: '' }, token: adminToken });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ brand_id: b.id, name: 'Matai Living', description: null });
    const taken = await call(putBrand, { method: 'PUT', url, params, body: { name: other.name.toLowerCase() }, token: adminToken });
    expect(taken.status).toBe(409);
    expect((await call(putBrand, { method: 'PUT', url: '/api/brands/999999', params: { id: '999999' }, body: { name: 'Y' }, token: adminToken })).status).toBe(404);
    expect((await call(putBrand, { method: 'PUT', url: '/api/brands/abc', params: { id: 'abc' }, body: { name: 'Y' }, token: adminToken })).status).toBe(400);
  });

  test('DELETE /api/brands/{id} — 409 while products use it, then deletes once they are reassigned', async () => {
    const b = await createBrand();
    const p1 = await createProduct({ brandId: b.id });
    const p2 = await createProduct({ brandId: b.id });
    const params = { id: String(b.id) };
    expect((await call(deleteBrand, { method: 'DELETE', params })).status).toBe(401);
    expect((await call(deleteBrand, { method: 'DELETE', params, token: customerToken })).status).toBe(403);
    const inUse = await call(deleteBrand, { method: 'DELETE', params, token: adminToken });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('This brand is used by 2 products; reassign them first.');

    // One product archived (kept for order history), the other reassigned: nothing live uses it.
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, p1.id));
    await db.update(products).set({ brandId: null }).where(eq(products.id, p2.id));
    const ok = await call(deleteBrand, { method: 'DELETE', params, token: adminToken });
    expect(ok.status).toBe(200);
    expect(await db.select().from(brands).where(eq(brands.id, b.id))).toHaveLength(0);
    const [archived] = await db.select().from(products).where(eq(products.id, p1.id));
    expect(archived.brandId).toBeNull();
    expect((await call(deleteBrand, { method: 'DELETE', params, token: adminToken })).status).toBe(404);
  });
});

describe('suppliers', () => {
  test('GET /api/suppliers — admin only: 401 visitor, 403 customer, list for admin', async () => {
    const s = await createSupplier();
    expect((await call(listSuppliers, { url: '/api/suppliers' })).status).toBe(401);
    expect((await call(listSuppliers, { url: '/api/suppliers', token: customerToken })).status).toBe(403);
    const res = await call(listSuppliers, { url: '/api/suppliers', token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ supplier_id: s.id, name: s.name, contact_info: 'orders@example.test' });
  });

  test('POST /api/suppliers — creates {name, contact_info}; 400 without a name; 409 duplicate in any case', async () => {
    const body = { name: 'Southern Timber Ltd', contact_info: 'Ana, 03 555 0101' };
    expect((await call(postSupplier, { method: 'POST', body })).status).toBe(401);
    expect((await call(postSupplier, { method: 'POST', body, token: customerToken })).status).toBe(403);
    const res = await call(postSupplier, { method: 'POST', body, token: adminToken });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ supplier_id: expect.any(Number), name: 'Southern Timber Ltd', contact_info: 'Ana, 03 555 0101' });
    expect((await call(postSupplier, { method: 'POST', body: { contact_info: 'x' }, token: adminToken })).status).toBe(400);
    const dup = await call(postSupplier, { method: 'POST', body: { name: 'southern timber ltd' }, token: adminToken });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain('already exists');
  });

  test('PUT /api/suppliers/{id} — updates contact info; 404 unknown; 409 name taken', async () => {
    const s = await createSupplier();
    const other = await createSupplier();
    const params = { id: String(s.id) };
    expect((await call(putSupplier, { method: 'PUT', params, body: { contact_info: 'x' }, token: customerToken })).status).toBe(403);
    const ok = await call(putSupplier, { method: 'PUT', params, body: { contact_info: 'sales@kowhai.test' }, token: adminToken });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ supplier_id: s.id, name: s.name, contact_info: 'sales@kowhai.test' });
    expect((await call(putSupplier, { method: 'PUT', params, body: { name: other.name.toUpperCase() }, token: adminToken })).status).toBe(409);
    expect((await call(putSupplier, { method: 'PUT', params: { id: '999999' }, body: { name: 'Q' }, token: adminToken })).status).toBe(404);
  });

  test('DELETE /api/suppliers/{id} — 409 while a product uses it; deletes an unused one', async () => {
    const s = await createSupplier();
    await createProduct({ supplierId: s.id });
    const params = { id: String(s.id) };
    expect((await call(deleteSupplier, { method: 'DELETE', params })).status).toBe(401);
    const inUse = await call(deleteSupplier, { method: 'DELETE', params, token: adminToken });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('This supplier is used by 1 product; reassign them first.');
    const unused = await createSupplier();
    expect((await call(deleteSupplier, { method: 'DELETE', params: { id: String(unused.id) }, token: adminToken })).status).toBe(200);
    expect(await db.select().from(suppliers).where(eq(suppliers.id, unused.id))).toHaveLength(0);
  });
});
