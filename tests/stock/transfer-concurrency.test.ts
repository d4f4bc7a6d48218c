/**
 * Transfers of one product in opposite directions at the same time (docs/stock.md "The ledger"):
 * each locks both levels in location order first, so they wait for each other instead of
 * deadlocking; every one succeeds, and on hand stays the sum of the ledger. Meaningful on
 * PostgreSQL (PGlite runs one transaction at a time).
 */
import { expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { stockLedger, stockLevels, stockLocations } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { BUILT_IN_ROLES } from '@/lib/auth/permission-list';
import { adjustStock, transferStockBetween } from '@/lib/stock/admin';
import { createStockLocation } from '@/lib/stock/locations';
import { createProduct, createUser } from '../support/factories';

test('opposite transfers at once all succeed and keep on hand equal to the ledger', async () => {
  const user = await createUser({ roles: ['Warehouse/fulfilment'] });
  const staff: SessionUser = { id: user.id, userName: user.userName, email: user.email, isAdmin: true, permissions: BUILT_IN_ROLES['Warehouse/fulfilment'] };
  const [home] = await db.select({ id: stockLocations.id }).from(stockLocations).where(eq(stockLocations.isDefault, true));
  const showroom = await createStockLocation(staff, { name: 'Race showroom', kind: 'showroom', address: '', postcode: '', pickup_location_id: null, zone_ids: [], sort_order: 1 });
  const product = await createProduct({ stock: 20 });
  await adjustStock(staff, { product_id: product.id, location_id: showroom.location_id, reason: 'received', quantity: 20, note: '' });
  const both = Array.from({ length: 8 }, (_, i) =>
    transferStockBetween(staff, { product_id: product.id, from_location_id: i % 2 ? home.id : showroom.location_id, to_location_id: i % 2 ? showroom.location_id : home.id, quantity: 1, note: '' }),
  );
  const results = await Promise.allSettled(both);
  expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  for (const location of [home.id, showroom.location_id]) {
    const [level] = await db.select({ onHand: stockLevels.onHand }).from(stockLevels).where(and(eq(stockLevels.productId, product.id), eq(stockLevels.locationId, location)));
    const [sum] = await db.select({ total: sql<number>`sum(${stockLedger.change})::integer` }).from(stockLedger).where(and(eq(stockLedger.productId, product.id), eq(stockLedger.locationId, location)));
    expect(level.onHand).toBe(20);
    expect(Number(sum.total)).toBe(20);
  }
});
