/**
 * Product CSV export and import (docs/catalogue.md "CSV import and export"): the export read back
 * changes nothing; edits show in the dry run exactly and are applied in one transaction, stock as
 * `count` rows of the ledger; bad files and rows are refused with their reasons and nothing written.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { and, count, eq, gt } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { db } from '@/db/client';
import { auditLog, products, stockLedger, stockLevels, stockLocations } from '@/db/schema';
import { GET as exportCsv } from '@/app/api/products/export/route';
import { POST as importCsv } from '@/app/api/products/import/route';
import { MAX_IMPORT_BYTES } from '@/lib/catalog/admin/product-csv-format';
import { call } from '../support/http';
import { createCategory, createProduct, createUser, tokenFor } from '../support/factories';

let owner: string;
let editor: string;
let room: { id: number; name: string };
let sub: { id: number; name: string };
let ids: number[];
let location: { id: number; name: string };

beforeAll(async () => {
  owner = await tokenFor(await createUser({ roles: ['Owner'] }));
  editor = await tokenFor(await createUser({ roles: ['Catalogue editor'] }));
  const c = await createCategory();
  room = c.room;
  sub = c.sub;
  const made = [];
  for (let i = 0; i < 4; i++) made.push(await createProduct({ categoryId: sub.id, price: 10_000 + i * 1000, stock: 5 + i, widthCm: 40 }));
  ids = made.map((p) => p.id);
  [location] = await db.select({ id: stockLocations.id, name: stockLocations.name }).from(stockLocations).where(eq(stockLocations.isDefault, true));
}, 60_000);

const exportRoom = async () => {
  const res = await call(exportCsv, { url: `/api/products/export?category=${room.id}`, token: owner });
  expect(res.status).toBe(200);
  expect(res.res.headers.get('content-type')).toContain('text/csv');
  return res.body as string;
};
const send = (csv: string, opts: { dryRun?: boolean; token?: string; type?: string } = {}) =>
  call(importCsv, { method: 'POST', url: `/api/products/import${opts.dryRun ? '?dry_run=1' : ''}`, token: opts.token ?? owner, body: csv, headers: { 'content-type': opts.type ?? 'text/csv' } });
const counts = async () => ({
  ledger: (await db.select({ n: count() }).from(stockLedger))[0].n,
  audit: (await db.select({ n: count() }).from(auditLog))[0].n,
});
type Row = Record<string, string>;
const rowsOf = (csv: string): Row[] => parse(csv, { columns: true, bom: true });
const write = (rows: Row[]) => stringify(rows, { header: true, columns: Object.keys(rows[0]) });

describe('export', () => {
  test('one row per product of the filter, with the category path and stock per location', async () => {
    const rows = rowsOf(await exportRoom());
    expect(rows.map((r) => r.sku).sort()).toEqual((await db.select({ sku: products.sku }).from(products).where(eq(products.categoryId, sub.id))).map((p) => p.sku).sort());
    const first = rows.find((r) => r.price === '100.00')!;
    expect(first).toMatchObject({ category: `${room.name} > ${sub.name}`, width_cm: '40', gst_inclusive: 'true', status: 'active', [`stock:${location.name}`]: '5' });
  });

  test('a staff member without products.write is refused', async () => {
    const warehouse = await tokenFor(await createUser({ roles: ['Warehouse/fulfilment'] }));
    const res = await call(exportCsv, { url: '/api/products/export', token: warehouse });
    expect(res.status).toBe(403);
  });
});

describe('import', () => {
  test('the same file twice: every row unchanged, nothing written', async () => {
    const csv = await exportRoom();
    const before = await counts();
    const dry = await send(csv, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.counts).toEqual({ created: 0, updated: 0, unchanged: 4, error: 0 });
    const applied = await send(csv);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: false, import_id: null, counts: { unchanged: 4 } });
    expect(await counts()).toEqual(before);
  });

  test('two prices and one stock figure edited: the dry run shows exactly those, the apply writes them and one count row', async () => {
    const rows = rowsOf(await exportRoom());
    const [a, b, c] = rows;
    a.price = '123.45';
    b.price = '99.00';
    c[`stock:${location.name}`] = String(Number(c[`stock:${location.name}`]) + 7);
    const csv = write(rows);
    const before = await counts();
    const dry = await send(csv, { dryRun: true });
    expect(dry.status).toBe(200);
    const changes = dry.body.rows.flatMap((r: { sku: string; changes: { field: string; after: string }[] }) => r.changes.map((ch) => `${r.sku} ${ch.field} ${ch.after}`));
    expect(changes.sort()).toEqual([`${a.sku} price 123.45`, `${b.sku} price 99.00`, `${c.sku} stock:${location.name} ${c[`stock:${location.name}`]}`].sort());
    expect(await counts()).toEqual(before);

    const applied = await send(csv);
    expect(applied.status).toBe(200);
    expect(applied.body.counts).toEqual({ created: 0, updated: 3, unchanged: 1, error: 0 });
    const [pa] = await db.select().from(products).where(eq(products.sku, a.sku));
    expect(pa.price).toBe(12345);
    const ledger = await db.select().from(stockLedger).where(eq(stockLedger.importId, applied.body.import_id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ change: 7, reason: 'count', locationId: location.id });
    const [pc] = await db.select().from(products).where(eq(products.sku, c.sku));
    const [level] = await db.select().from(stockLevels).where(and(eq(stockLevels.productId, pc.id), eq(stockLevels.locationId, location.id)));
    expect(level.onHand).toBe(Number(c[`stock:${location.name}`]));
    expect(pc.stock).toBe(level.onHand - level.reserved);
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.action, 'product.import'), gt(auditLog.id, 0)));
    expect(audits.length).toBeGreaterThanOrEqual(3);

    // Idempotent: the edited file again changes nothing.
    const after = await counts();
    const again = await send(csv);
    expect(again.body.counts).toEqual({ created: 0, updated: 0, unchanged: 4, error: 0 });
    expect(await counts()).toEqual(after);
  });

  test('a minimal file (sku, name, price, category) creates a product; a second time it is unchanged', async () => {
    const csv = `sku,name,price,category,stock:${location.name}\nNEW-CSV-1,Imported bench,249.5,${room.name} > ${sub.name},2\n`;
    const first = await send(csv);
    expect(first.status).toBe(200);
    expect(first.body.counts.created).toBe(1);
    const [p] = await db.select().from(products).where(eq(products.sku, 'NEW-CSV-1'));
    expect(p).toMatchObject({ name: 'Imported bench', price: 24950, categoryId: sub.id, stock: 2 });
    expect(await db.select().from(stockLedger).where(eq(stockLedger.importId, first.body.import_id))).toHaveLength(1);
    const second = await send(csv);
    expect(second.body.counts).toEqual({ created: 0, updated: 0, unchanged: 1, error: 0 });
  });

  test('a wrong header is refused naming the unknown and missing columns', async () => {
    const res = await send('sku,prize,colour\nX,1,red\n', { dryRun: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('“prize”');
    expect(res.body.message).toContain('“colour”');
    expect(res.body.errors).toContainEqual({ path: 'price', message: 'Missing column' });
    expect(res.body.errors).toContainEqual({ path: 'prize', message: 'Unknown column' });
    const noSku = await send('name,price\nStool,10\n', { dryRun: true });
    expect(noSku.status).toBe(400);
    expect(noSku.body.message).toMatch(/Missing column: “sku”/);
  });

  test("a bad price, a negative stock or an unknown category: that row's error, and the apply writes nothing", async () => {
    const rows = rowsOf(await exportRoom());
    rows[0].price = 'abc';
    rows[1][`stock:${location.name}`] = '-3';
    rows[2].category = 'Nowhere > Nothing';
    rows[3].name = `${rows[3].name} renamed`;
    const csv = write(rows);
    const before = await counts();
    const dry = await send(csv, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.counts).toMatchObject({ created: 0, updated: 1, error: 3 });
    const errors = dry.body.rows.filter((r: { status: string }) => r.status === 'error').map((r: { errors: string[] }) => r.errors.join(' '));
    expect(errors[0]).toMatch(/Price must be an amount/);
    expect(errors[1]).toMatch(/Stock must be a whole number of 0 or more/);
    expect(errors[2]).toMatch(/Unknown category “Nowhere > Nothing”/);
    const applied = await send(csv);
    expect(applied.status).toBe(400);
    expect(applied.body.errors).toHaveLength(3);
    expect(applied.body.errors[0].message).toMatch(/Price must be an amount/);
    expect(await counts()).toEqual(before);
    const [p] = await db.select({ name: products.name }).from(products).where(eq(products.sku, rows[3].sku));
    expect(p.name).not.toContain('renamed');
  });

  test('a file over the size limit is refused with 413, a body that is not text/csv with 415', async () => {
    const big = 'sku,name\n' + 'x'.repeat(MAX_IMPORT_BYTES + 10);
    expect((await send(big, { dryRun: true })).status).toBe(413);
    expect((await send('sku,name\nA,B\n', { type: 'application/json' })).status).toBe(415);
  });

  test('changing stock without stock.manage is refused with 403 and nothing written', async () => {
    const rows = rowsOf(await exportRoom());
    rows[0][`stock:${location.name}`] = '40';
    const before = await counts();
    const res = await send(write(rows), { token: editor });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('stock.manage');
    expect(await counts()).toEqual(before);
  });

  test('a row on a level whose orders hold more than the new figure is an error', async () => {
    await db.update(stockLevels).set({ reserved: 2 }).where(and(eq(stockLevels.productId, ids[3]), eq(stockLevels.locationId, location.id)));
    const rows = rowsOf(await exportRoom());
    const target = (await db.select({ sku: products.sku }).from(products).where(eq(products.id, ids[3])))[0].sku;
    const edited = rows.map((r) => (r.sku === target ? { ...r, [`stock:${location.name}`]: '1' } : r));
    const dry = await send(write(edited), { dryRun: true });
    const bad = dry.body.rows.find((r: { sku: string }) => r.sku === target);
    expect(bad.status).toBe('error');
    expect(bad.errors.join(' ')).toMatch(/2 are held for orders/);
  });
});
