/**
 * Bulk edit in Product Management (docs/back-office.md "Bulk edit"): POST /api/products/bulk-edits
 * and its undo through the route handlers on a real database — what the products, the storefront
 * read, the audit log and the refusals look like.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { POST as bulkPost } from '@/app/api/products/bulk-edits/route';
import { POST as undoPost } from '@/app/api/products/bulk-edits/[id]/undo/route';
import { db } from '@/db/client';
import { auditLog, productCategories, products, rolePermissions, roles } from '@/db/schema';
import { getProduct } from '@/lib/catalog/read/queries';
import { byPercent } from '@/lib/catalog/admin/bulk-edit';
import { createCategory, createProduct, createUser, giveRoles, tokenFor } from '../support/factories';
import { call } from '../support/http';

let manager: string;
let editorWithoutPrices: string;

beforeAll(async () => {
  manager = await tokenFor(await createUser({ roles: ['Manager'] }));
  const [role] = await db.insert(roles).values({ name: `Copy editors ${Date.now()}` }).returning();
  await db.insert(rolePermissions).values({ roleId: role.id, permission: 'products.write' });
  const editor = await createUser({ isAdmin: true });
  await giveRoles(editor.id, [role.name]);
  editorWithoutPrices = await tokenFor(editor);
});
beforeEach(() => vi.mocked(revalidateTag).mockClear());

let n = 0;
/** A word no other product's name is near, so a search for it matches exactly the products named with it. */
const word = () => Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => 'bcdfghjkmnpqrstvwxz'[b % 19]).join('') + (n++ % 10);
const bulk = (body: unknown, token = manager) => call(bulkPost, { method: 'POST', url: '/api/products/bulk-edits', body, token });
const undo = (id: number, token = manager) => call(undoPost, { method: 'POST', url: `/api/products/bulk-edits/${id}/undo`, params: { id: String(id) }, token });
const pricesOf = async (ids: number[]) => Object.fromEntries((await db.select({ id: products.id, price: products.price }).from(products).where(inArray(products.id, ids))).map((r) => [r.id, r.price]));
const lastAuditId = async () => (await db.select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id)).at(-1)?.id ?? 0;
const auditSince = (id: number) => db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);

/** Three products named with one word (prices in cents) and one that is not. */
async function family(prices = [19999, 1995, 10005]) {
  const w = word();
  const matching = [];
  for (const [i, price] of prices.entries()) matching.push(await createProduct({ name: `${w} stool ${i}`, price }));
  const other = await createProduct({ name: `Other ${word()} lamp`, price: 5000 });
  return { w, matching, other, ids: matching.map((p) => p.id) };
}

describe('rounding', () => {
  test('a percentage is rounded half away from zero to the cent', () => {
    expect(byPercent(1995, -10)).toBe(1796); // 1795.5
    expect(byPercent(10005, -10)).toBe(9005); // 9004.5
    expect(byPercent(19999, -10)).toBe(17999); // 17999.1
    expect(byPercent(1999, -12.5)).toBe(1749); // 1749.125
    expect(byPercent(1001, 5)).toBe(1051); // 1051.05
    expect(byPercent(5000, -100)).toBe(0);
  });
});

describe('POST /api/products/bulk-edits', () => {
  test('a 10 % cut on a filter: the preview counts and shows before → after and writes nothing; the apply changes exactly the matching products', async () => {
    const { w, matching, other, ids } = await family();
    const body = { selection: { filter: { q: w } }, changes: { price: { by: 'percent', value: -10 } } };

    const preview = await bulk({ ...body, preview: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ bulk_edit_id: null, preview: true, count: 3 });
    expect(preview.body.rows.map((r: { product_id: number; before: unknown; after: unknown }) => [r.product_id, r.before, r.after])).toEqual([
      [matching[2].id, { price: 100.05 }, { price: 90.05 }],
      [matching[1].id, { price: 19.95 }, { price: 17.96 }],
      [matching[0].id, { price: 199.99 }, { price: 179.99 }],
    ]);
    expect(await pricesOf([...ids, other.id])).toEqual({ [ids[0]]: 19999, [ids[1]]: 1995, [ids[2]]: 10005, [other.id]: 5000 });

    const before = await lastAuditId();
    const applied = await bulk({ ...body, selection: { filter: { q: w }, expected_count: 3 } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ bulk_edit_id: expect.any(Number), preview: false, count: 3 });
    expect(await pricesOf([...ids, other.id])).toEqual({ [ids[0]]: 17999, [ids[1]]: 1796, [ids[2]]: 9005, [other.id]: 5000 });
    // What the storefront reads, and its caches dropped.
    expect((await getProduct(ids[1]))?.price).toBe(17.96);
    const tags = vi.mocked(revalidateTag).mock.calls.map(([t]) => t);
    expect(tags).toEqual(expect.arrayContaining(['products', ...ids.map((id) => `product:${id}`)]));

    const rows = await auditSince(before);
    expect(rows.map((r) => r.action).sort()).toEqual(['product.bulk_update', 'product.bulk_update', 'product.bulk_update', 'product_bulk_edit.apply']);
    const cut = rows.find((r) => r.action === 'product.bulk_update' && r.targetId === String(ids[1]));
    expect(cut?.changes).toEqual({ price: { before: '19.95', after: '17.96' } });
  });

  test('the apply is refused with 409 when the filter now matches another number than the preview counted', async () => {
    const { w, ids } = await family();
    const res = await bulk({ selection: { filter: { q: w }, expected_count: 2 }, changes: { featured: true } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/now matches 3 products, not the 2 previewed/);
    expect((await db.select().from(products).where(inArray(products.id, ids))).every((p) => !p.featured)).toBe(true);
  });

  test('a price that would fall below zero: 400 naming the product, nothing changed, no audit row', async () => {
    const { ids, matching } = await family([10000, 3000, 8000]);
    const before = await lastAuditId();
    const res = await bulk({ selection: { ids }, changes: { price: { by: 'amount', value: -50 } } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(matching[1].name);
    expect(res.body.message).toMatch(/−\$20\.00, below \$0\.00; nothing was changed/);
    expect(await pricesOf(ids)).toEqual({ [ids[0]]: 10000, [ids[1]]: 3000, [ids[2]]: 8000 });
    expect(await auditSince(before)).toHaveLength(0);
  });

  test('price changes need prices.write (403, nothing changed); other changes products.write only', async () => {
    const { ids } = await family();
    const refused = await bulk({ selection: { ids }, changes: { price: { by: 'percent', value: -10 } } }, editorWithoutPrices);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('prices.write');
    expect(await pricesOf(ids)).toEqual({ [ids[0]]: 19999, [ids[1]]: 1995, [ids[2]]: 10005 });
    const featured = await bulk({ selection: { ids }, changes: { featured: true, shipping_class: 'bulky' } }, editorWithoutPrices);
    expect(featured.status).toBe(200);
    expect((await db.select().from(products).where(inArray(products.id, ids))).every((p) => p.featured && p.shippingClass === 'bulky')).toBe(true);
  });

  test('bad input answers 400: no change, an unknown category, a bad filter', async () => {
    const { ids } = await family();
    expect((await bulk({ selection: { ids }, changes: {} })).status).toBe(400);
    expect((await bulk({ selection: { ids }, changes: { category_id: 999_999 } })).status).toBe(400);
    expect((await bulk({ selection: { filter: { rating_min: '9' }, expected_count: 1 }, changes: { featured: true } })).status).toBe(400);
    expect((await bulk({ selection: { ids }, changes: { price: { by: 'percent', value: -10.123 } } })).status).toBe(400);
  });

  test('a sale: −10 % with the old price as compare-at shows as a promotion on the storefront; undo takes it away', async () => {
    const { ids } = await family([20000]);
    const res = await bulk({ selection: { ids }, changes: { price: { by: 'percent', value: -10 }, compare_at: { set: 'previous_price' } }, campaign: 'Spring sale' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows[0]).toMatchObject({ before: { price: 200, compare_at_price: null }, after: { price: 180, compare_at_price: 200 } });
    expect(await getProduct(ids[0])).toMatchObject({ price: 180, original_price: 200, percent_saved: 10 });

    const back = await undo(res.body.bulk_edit_id);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const product = await getProduct(ids[0]);
    expect(product?.price).toBe(200);
    expect(product?.original_price).toBeUndefined();
  });
});

describe('POST /api/products/bulk-edits/{id}/undo', () => {
  test('undo restores every product as it was, once, and is audited', async () => {
    const { ids, matching } = await family();
    const { sub: newCategory } = await createCategory();
    const linksOf = async (id: number) => (await db.select().from(productCategories).where(eq(productCategories.productId, id))).map((l) => l.categoryId).sort();
    const linksBefore = await Promise.all(ids.map(linksOf));
    const res = await bulk({ selection: { ids }, changes: { price: { by: 'amount', value: 5 }, category_id: newCategory.id, archive: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await getProduct(ids[0])).toBeNull(); // archived: gone from the shop

    const before = await lastAuditId();
    const back = await undo(res.body.bulk_edit_id);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toEqual({ bulk_edit_id: res.body.bulk_edit_id, count: 3, message: 'The bulk edit was undone: 3 products are back as before.' });
    const rows = await db.select().from(products).where(inArray(products.id, ids));
    for (const p of matching) {
      const now = rows.find((r) => r.id === p.id)!;
      expect({ price: now.price, categoryId: now.categoryId, archived: now.archivedAt !== null }).toEqual({ price: p.price, categoryId: p.categoryId, archived: false });
    }
    expect(await Promise.all(ids.map(linksOf))).toEqual(linksBefore);
    expect((await getProduct(ids[0]))?.price).toBe(199.99);
    expect((await auditSince(before)).map((r) => r.action).sort()).toEqual(['product.bulk_undo', 'product.bulk_undo', 'product.bulk_undo', 'product_bulk_edit.undo']);

    const again = await undo(res.body.bulk_edit_id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This bulk edit was already undone.');
  });

  test('undo is refused with 409 naming the product that changed since; nothing is changed', async () => {
    const { ids, matching } = await family();
    const res = await bulk({ selection: { ids }, changes: { price: { by: 'percent', value: -10 } } });
    await db.update(products).set({ price: 12345 }).where(eq(products.id, ids[1]));
    const refused = await undo(res.body.bulk_edit_id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(matching[1].name);
    expect(await pricesOf(ids)).toEqual({ [ids[0]]: 17999, [ids[1]]: 12345, [ids[2]]: 9005 });
  });

  test('undo of a price change needs prices.write; an unknown bulk edit is 404', async () => {
    const { ids } = await family();
    const res = await bulk({ selection: { ids }, changes: { price: { by: 'percent', value: 10 } } });
    expect((await undo(res.body.bulk_edit_id, editorWithoutPrices)).status).toBe(403);
    expect((await undo(999_999)).status).toBe(404);
    const rows = await db.select().from(products).where(and(inArray(products.id, ids), eq(products.price, 21999)));
    expect(rows).toHaveLength(1);
  });
});
