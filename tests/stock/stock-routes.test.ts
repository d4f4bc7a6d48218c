/**
 * The back office's stock routes (docs/stock.md "The API"): adjustments and transfers write the
 * ledger naming the staff member and an audit row; a transfer of more than is available answers 409
 * and writes nothing; bad input 400; staff without stock.manage 403; the history and the levels list
 * show what happened; stock locations are created, refused when the name is taken, and archived
 * only when empty and not the default; the product editor's stock figure is a count naming who.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { db } from '@/db/client';
import { auditLog, products, stockLedger, stockLevels, stockLocations } from '@/db/schema';
import { POST as adjustRoute } from '@/app/api/stock-adjustments/route';
import { POST as transferRoute } from '@/app/api/stock-transfers/route';
import { GET as levelsRoute } from '@/app/api/stock-levels/route';
import { GET as historyRoute } from '@/app/api/products/[id]/stock-ledger/route';
import { GET as listLocationsRoute, POST as createLocationRoute } from '@/app/api/stock-locations/route';
import { DELETE as archiveLocationRoute, PATCH as updateLocationRoute } from '@/app/api/stock-locations/[id]/route';
import { PUT as updateProductRoute } from '@/app/api/products/[id]/route';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

let owner: Awaited<ReturnType<typeof createUser>>;
let token: string;
let home: number;
let showroom: number;

const adjust = (body: unknown, t = token) => call(adjustRoute, { method: 'POST', url: '/api/stock-adjustments', token: t, body });
const transfer = (body: unknown, t = token) => call(transferRoute, { method: 'POST', url: '/api/stock-transfers', token: t, body });
const history = (productId: number) => call(historyRoute, { url: `/api/products/${productId}/stock-ledger`, params: { id: String(productId) }, token });

async function ledgerCount(productId: number) {
  const [{ n }] = await db.select({ n: count() }).from(stockLedger).where(eq(stockLedger.productId, productId));
  return n;
}
async function onHandAt(productId: number, locationId: number) {
  const [row] = await db.select({ onHand: stockLevels.onHand }).from(stockLevels).where(and(eq(stockLevels.productId, productId), eq(stockLevels.locationId, locationId)));
  return row?.onHand ?? 0;
}

beforeAll(async () => {
  owner = await createUser({ roles: ['Warehouse/fulfilment'], userName: 'wiremu_store' });
  token = await tokenFor(owner);
  [{ id: home }] = await db.select({ id: stockLocations.id }).from(stockLocations).where(eq(stockLocations.isDefault, true));
  const made = await call(createLocationRoute, { method: 'POST', url: '/api/stock-locations', token, body: { name: 'Cuba Street showroom', kind: 'showroom', address: '3 Cuba Street, Wellington', postcode: '6011' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  showroom = made.body.location_id;
});

describe('adjustments', () => {
  test('received units add on hand and write a ledger row naming the staff member, and an audit row', async () => {
    const product = await createProduct({ stock: 3 });
    const res = await adjust({ product_id: product.id, location_id: home, reason: 'received', quantity: 5, note: 'Container from Nelson' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.level).toMatchObject({ on_hand: 8, reserved: 0, available: 8 });
    const [p] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
    expect(p.stock).toBe(8);
    const h = await history(product.id);
    expect(h.status).toBe(200);
    expect(h.body.entries[0]).toMatchObject({ change: 5, reason: 'received', actor_id: owner.id, actor_label: 'wiremu_store', note: 'Container from Nelson' });
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.action, 'stock.adjust'), eq(auditLog.targetId, String(product.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0].actorId).toBe(owner.id);
  });

  test('a count sets the figure; damaged takes units off; taking off more than is available is 409', async () => {
    const product = await createProduct({ stock: 10 });
    expect((await adjust({ product_id: product.id, location_id: home, reason: 'count', quantity: 7 })).body.change).toBe(-3);
    expect((await adjust({ product_id: product.id, location_id: home, reason: 'damaged', quantity: 2 })).body.level.on_hand).toBe(5);
    const before = await ledgerCount(product.id);
    const refused = await adjust({ product_id: product.id, location_id: home, reason: 'damaged', quantity: 6 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Only 5 of/);
    expect(await ledgerCount(product.id)).toBe(before);
  });

  test('bad input is 400, unknown product 404, without stock.manage 403', async () => {
    const product = await createProduct({ stock: 1 });
    expect((await adjust({ product_id: product.id, location_id: home, reason: 'sold', quantity: 1 })).status).toBe(400);
    expect((await adjust({ product_id: product.id, location_id: home, reason: 'received', quantity: 0 })).status).toBe(400);
    expect((await adjust({ product_id: product.id, location_id: home, reason: 'received', quantity: 1.5 })).status).toBe(400);
    expect((await adjust({ product_id: 99_999_999, location_id: home, reason: 'received', quantity: 1 })).status).toBe(404);
    const editor = await tokenFor(await createUser({ roles: ['Catalogue editor'] }));
    const denied = await adjust({ product_id: product.id, location_id: home, reason: 'received', quantity: 1 }, editor);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('forbidden');
    expect(await ledgerCount(product.id)).toBe(1);
  });
});

describe('transfers', () => {
  test('moves units in one transaction: two rows naming each other, and the history shows both', async () => {
    const product = await createProduct({ stock: 6 });
    const res = await transfer({ product_id: product.id, from_location_id: home, to_location_id: showroom, quantity: 2, note: 'For the floor' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.from).toMatchObject({ on_hand: 4 });
    expect(res.body.to).toMatchObject({ on_hand: 2, location_name: 'Cuba Street showroom' });
    const h = await history(product.id);
    const transfers = h.body.entries.filter((e: { reason: string }) => e.reason === 'transfer');
    expect(transfers.map((e: { change: number; counterpart_location_name: string }) => [e.change, e.counterpart_location_name]).sort()).toEqual([
      [-2, 'Cuba Street showroom'],
      [2, expect.any(String)],
    ]);
    const [p] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
    expect(p.stock).toBe(6);
  });

  test('more than is on hand is 409 and nothing is written', async () => {
    const product = await createProduct({ stock: 3 });
    const before = await ledgerCount(product.id);
    const res = await transfer({ product_id: product.id, from_location_id: home, to_location_id: showroom, quantity: 4 });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Only 3 of .* can leave/);
    expect(await ledgerCount(product.id)).toBe(before);
    expect(await onHandAt(product.id, home)).toBe(3);
    expect(await onHandAt(product.id, showroom)).toBe(0);
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.action, 'stock.transfer'), eq(auditLog.targetId, String(product.id))));
    expect(audits).toHaveLength(0);
  });

  test('the same location twice is 400', async () => {
    const product = await createProduct({ stock: 3 });
    const res = await transfer({ product_id: product.id, from_location_id: home, to_location_id: home, quantity: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/two different locations/);
  });
});

describe('the levels list', () => {
  test('searches by SKU, filters by location and stock state', async () => {
    const product = await createProduct({ stock: 2, sku: 'LEDGER-FIND-1', name: 'Findable rimu stool' });
    await transfer({ product_id: product.id, from_location_id: home, to_location_id: showroom, quantity: 2 });
    const all = await call(levelsRoute, { url: '/api/stock-levels?q=ledger-find', token });
    expect(all.status).toBe(200);
    expect(all.body.items.map((i: { location_id: number; on_hand: number }) => [i.location_id, i.on_hand]).sort()).toEqual([
      [home, 0],
      [showroom, 2],
    ].sort());
    const out = await call(levelsRoute, { url: '/api/stock-levels?q=LEDGER-FIND&state=out', token });
    expect(out.body.items.map((i: { location_id: number }) => i.location_id)).toEqual([home]);
    const there = await call(levelsRoute, { url: `/api/stock-levels?q=Findable&location_id=${showroom}`, token });
    expect(there.body.items).toHaveLength(1);
    expect((await call(levelsRoute, { url: '/api/stock-levels?state=soon', token })).status).toBe(400);
  });
});

describe('stock locations', () => {
  test('a taken name is 409; a location holding stock or the default one cannot be archived; an empty one can', async () => {
    const dup = await call(createLocationRoute, { method: 'POST', url: '/api/stock-locations', token, body: { name: 'cuba street SHOWROOM', kind: 'showroom' } });
    expect(dup.status).toBe(409);
    const archiveDefault = await call(archiveLocationRoute, { method: 'DELETE', url: `/api/stock-locations/${home}`, params: { id: String(home) }, token });
    expect(archiveDefault.status).toBe(409);
    const holding = await call(archiveLocationRoute, { method: 'DELETE', url: `/api/stock-locations/${showroom}`, params: { id: String(showroom) }, token });
    expect(holding.status).toBe(409);
    expect(holding.body.message).toMatch(/still holds/);
    const spare = await call(createLocationRoute, { method: 'POST', url: '/api/stock-locations', token, body: { name: 'Petone store room', kind: 'warehouse', postcode: '5012' } });
    const renamed = await call(updateLocationRoute, { method: 'PATCH', url: `/api/stock-locations/${spare.body.location_id}`, params: { id: String(spare.body.location_id) }, token, body: { name: 'Petone back room' } });
    expect(renamed.body.name).toBe('Petone back room');
    const archived = await call(archiveLocationRoute, { method: 'DELETE', url: `/api/stock-locations/${spare.body.location_id}`, params: { id: String(spare.body.location_id) }, token });
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);
    const listed = await call(listLocationsRoute, { url: '/api/stock-locations', token });
    expect(listed.body.at(-1)).toMatchObject({ name: 'Petone back room', archived: true });
    const product = await createProduct({ stock: 1 });
    const moved = await adjust({ product_id: product.id, location_id: spare.body.location_id, reason: 'received', quantity: 1 });
    expect(moved.status).toBe(409);
    expect((await call(createLocationRoute, { method: 'POST', url: '/api/stock-locations', token, body: { name: 'X', kind: 'shed' } })).status).toBe(400);
  });
});

describe('the product editor', () => {
  test("a staff member's stock figure is a count at the default location naming them", async () => {
    const manager = await createUser({ roles: ['Owner'], userName: 'aroha_manager' });
    const product = await createProduct({ stock: 4 });
    const form = new FormData();
    form.set('stock', '9');
    const res = await call(updateProductRoute, { method: 'PUT', url: `/api/products/${product.id}`, params: { id: String(product.id) }, token: await tokenFor(manager), body: form });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.stock).toBe(9);
    const h = await history(product.id);
    expect(h.body.entries[0]).toMatchObject({ change: 5, reason: 'count', actor_id: manager.id, actor_label: 'aroha_manager', location_id: home });
  });
});
