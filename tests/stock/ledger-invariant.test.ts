/**
 * The ledger's invariant (docs/stock.md "The ledger"), property-based: after any sequence of stock
 * operations — goods received, written off, counted, transferred between locations, orders placed
 * and cancelled by customers — every location's on hand equals the sum of its ledger rows, no level
 * is negative or holds more than it has, and each product's `stock` (the spec's) equals Σ (on hand −
 * reserved) over its locations. A refused operation (409) writes no ledger row. fast-check draws the
 * sequences; the run is kept short enough for PGlite and PostgreSQL alike.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { products, stockLedger, stockLevels, stockLocations } from '@/db/schema';
import { DELETE as cancelOrderRoute } from '@/app/api/orders/[id]/route';
import { adjustStock, transferStockBetween } from '@/lib/stock/admin';
import { createStockLocation } from '@/lib/stock/locations';
import type { SessionUser } from '@/lib/auth/guards';
import { addToCart, orderCart, shopper } from '../support/buying';
import { createProduct, createUser } from '../support/factories';
import { call } from '../support/http';
import { BUILT_IN_ROLES } from '@/lib/auth/permission-list';

type Op =
  | { kind: 'received' | 'damaged' | 'count'; product: number; location: number; quantity: number }
  | { kind: 'transfer'; product: number; from: number; to: number; quantity: number }
  | { kind: 'order'; product: number; quantity: number }
  | { kind: 'cancel'; which: number };

const PRODUCTS = 2;
const LOCATIONS = 3;

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('received' as const, 'damaged' as const, 'count' as const), product: fc.nat(PRODUCTS - 1), location: fc.nat(LOCATIONS - 1), quantity: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('transfer' as const), product: fc.nat(PRODUCTS - 1), from: fc.nat(LOCATIONS - 1), to: fc.nat(LOCATIONS - 1), quantity: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('order' as const), product: fc.nat(PRODUCTS - 1), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('cancel' as const), which: fc.nat(5) }),
);

let staff: SessionUser;
let locations: number[];

beforeAll(async () => {
  const user = await createUser({ roles: ['Warehouse/fulfilment'] });
  staff = { id: user.id, userName: user.userName, email: user.email, isAdmin: true, permissions: BUILT_IN_ROLES['Warehouse/fulfilment'] };
  const [home] = await db.select({ id: stockLocations.id }).from(stockLocations).where(eq(stockLocations.isDefault, true));
  const a = await createStockLocation(staff, { name: 'Invariant showroom A', kind: 'showroom', address: '', postcode: '6011', pickup_location_id: null, zone_ids: [], sort_order: 1 });
  const b = await createStockLocation(staff, { name: 'Invariant showroom B', kind: 'showroom', address: '', postcode: '8011', pickup_location_id: null, zone_ids: [], sort_order: 2 });
  locations = [home.id, a.location_id, b.location_id];
});

/** 'ok' or 'refused' (409; 400 for a transfer to the same place); anything else fails the run. */
async function expectRefusal(run: () => Promise<unknown>): Promise<'ok' | 'refused'> {
  try {
    await run();
    return 'ok';
  } catch (e) {
    const status = (e as { status?: number }).status;
    if (status === 409 || status === 400) return 'refused';
    throw e;
  }
}

async function ledgerRows(productIds: number[]) {
  const [{ n }] = await db.select({ n: count() }).from(stockLedger).where(inArray(stockLedger.productId, productIds));
  return n;
}

/** Runs one operation; returns whether it changed anything. */
async function apply(op: Op, productIds: number[], orders: { id: number; token: string }[]): Promise<'ok' | 'refused'> {
  switch (op.kind) {
    case 'received':
    case 'damaged':
    case 'count':
      return expectRefusal(() => adjustStock(staff, { product_id: productIds[op.product], location_id: locations[op.location], reason: op.kind, quantity: op.quantity, note: '' }));
    case 'transfer':
      if (op.from === op.to) return 'refused';
      return expectRefusal(() => transferStockBetween(staff, { product_id: productIds[op.product], from_location_id: locations[op.from], to_location_id: locations[op.to], quantity: op.quantity, note: '' }));
    case 'order': {
      const customer = await shopper();
      const added = await addToCart(customer.token, productIds[op.product], op.quantity);
      if (added.status !== 200) {
        expect([400, 409]).toContain(added.status);
        return 'refused';
      }
      const placed = await orderCart(customer.token);
      expect([201, 409], JSON.stringify(placed.body)).toContain(placed.status);
      if (placed.status !== 201) return 'refused';
      orders.push({ id: placed.body.order.order_id, token: customer.token });
      return 'ok';
    }
    case 'cancel': {
      const order = orders.splice(op.which % Math.max(1, orders.length), 1)[0];
      if (!order) return 'refused';
      const res = await call(cancelOrderRoute, { method: 'DELETE', url: `/api/orders/${order.id}`, params: { id: String(order.id) }, token: order.token });
      expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
      return res.status === 200 ? 'ok' : 'refused';
    }
  }
}

/** The invariant, for these products at every location. */
async function checkInvariant(productIds: number[]) {
  const levels = await db
    .select({ productId: stockLevels.productId, locationId: stockLevels.locationId, onHand: stockLevels.onHand, reserved: stockLevels.reserved })
    .from(stockLevels)
    .where(inArray(stockLevels.productId, productIds));
  const sums = await db
    .select({ productId: stockLedger.productId, locationId: stockLedger.locationId, total: sql<number>`sum(${stockLedger.change})::integer` })
    .from(stockLedger)
    .where(inArray(stockLedger.productId, productIds))
    .groupBy(stockLedger.productId, stockLedger.locationId);
  const key = (p: number, l: number) => `${p}@${l}`;
  const onHand = new Map(levels.map((l) => [key(l.productId, l.locationId), l.onHand]));
  const ledger = new Map(sums.map((s) => [key(s.productId, s.locationId), Number(s.total)]));
  for (const k of new Set([...onHand.keys(), ...ledger.keys()])) expect(onHand.get(k) ?? 0, `on hand of ${k} = Σ ledger`).toBe(ledger.get(k) ?? 0);
  for (const l of levels) {
    expect(l.onHand).toBeGreaterThanOrEqual(0);
    expect(l.reserved).toBeGreaterThanOrEqual(0);
    expect(l.reserved).toBeLessThanOrEqual(l.onHand);
  }
  const stock = await db.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, productIds));
  for (const p of stock) {
    const available = levels.filter((l) => l.productId === p.id).reduce((n, l) => n + l.onHand - l.reserved, 0);
    expect(p.stock, `stock of product ${p.id} = Σ (on hand − reserved)`).toBe(available);
  }
}

/** How many operations of each kind succeeded or were refused, over the runs. */
const tally: Record<string, number> = {};

describe('the stock ledger', () => {
  test('on hand always equals the sum of the ledger, and stock the sum of what is available', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), fc.array(fc.integer({ min: 0, max: 12 }), { minLength: PRODUCTS, maxLength: PRODUCTS }), async (ops, opening) => {
        const made = await Promise.all(opening.map((stock) => createProduct({ stock, price: 5_000 })));
        const productIds = made.map((p) => p.id);
        const orders: { id: number; token: string }[] = [];
        for (const op of ops) {
          const rowsBefore = await ledgerRows(productIds);
          const outcome = await apply(op, productIds, orders);
          tally[`${op.kind} ${outcome}`] = (tally[`${op.kind} ${outcome}`] ?? 0) + 1;
          // A refused operation leaves the ledger as it was.
          if (outcome === 'refused') expect(await ledgerRows(productIds), `${JSON.stringify(op)} was refused but wrote`).toBe(rowsBefore);
        }
        await checkInvariant(productIds);
      }),
      { numRuns: 15, endOnFailure: true },
    );
    // The runs moved stock every way, orders included (not only refusals).
    expect(Object.keys(tally).filter((k) => k.endsWith(' ok')).length, JSON.stringify(tally)).toBeGreaterThanOrEqual(5);
  }, 120_000);
});
