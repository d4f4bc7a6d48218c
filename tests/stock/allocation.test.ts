/**
 * Where an order's units come from (docs/stock.md "Allocation", "Fulfilment"): click & collect
 * only at the pickup location's own stock, never oversold under concurrency; a delivery from the
 * nearest location shipping to the address's zone, then the one with most stock; fulfilment takes
 * the units at the location that held them; a cancellation gives them back there.
 * Runs on PGlite by default and on PostgreSQL with DATABASE_URL.
 */
import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { db } from '@/db/client';
import { deliveryServices, deliveryZones, pickupLocations, stockLedger, stockLevels, stockLocations, stockLocationZones, stockReservations } from '@/db/schema';
import { DELETE as deleteOrderRoute, PUT as updateOrderRoute } from '@/app/api/orders/[id]/route';
import { POST as quoteRoute } from '@/app/api/delivery/quote/route';
import { moveOnHand, SHOP } from '@/lib/stock/ledger';
import { markOrderPaid } from '@/lib/orders/service';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { NEW_ADDRESS, addToCart, cartOf, orderCart, shopper, stockOf } from '../support/buying';

const AUCKLAND = { ...NEW_ADDRESS, street_address: '10 Queen Street', city: 'Auckland', state_province: 'Auckland', postal_code: '1010' };

async function zoneId(name: string) {
  const [z] = await db.select({ id: deliveryZones.id }).from(deliveryZones).where(eq(deliveryZones.name, name));
  return z.id;
}

/** A stock location shipping to `zones`; with `collect`, a pickup location and its click & collect service in Auckland. */
async function location(name: string, postcode: string, zones: string[], opts: { collect?: boolean } = {}) {
  let pickupId: number | null = null;
  let serviceId: number | null = null;
  if (opts.collect) {
    const [pickup] = await db.insert(pickupLocations).values({ name, address: `1 Test Street, Auckland ${postcode}`, openingHours: 'Every day 10am–5pm' }).returning();
    pickupId = pickup.id;
    const [service] = await db
      .insert(deliveryServices)
      .values({ zoneId: await zoneId('Auckland'), kind: 'click_collect', name: 'Click & collect', fee: 0, bulkySurcharge: 0, freeOver: null, leadDays: 0, weekdays: [1, 2, 3, 4, 5, 6, 7], pickupLocationId: pickup.id })
      .returning();
    serviceId = service.id;
  }
  const [row] = await db.insert(stockLocations).values({ name, kind: 'showroom', postcode, pickupLocationId: pickupId }).returning();
  for (const z of zones) await db.insert(stockLocationZones).values({ locationId: row.id, zoneId: await zoneId(z) });
  return { id: row.id, serviceId };
}

async function defaultLocation() {
  const [row] = await db.select({ id: stockLocations.id }).from(stockLocations).where(eq(stockLocations.isDefault, true));
  return row.id;
}

const receive = (locationId: number, productId: number, units: number) => db.transaction((tx) => moveOnHand(tx, { locationId, productId, change: units, reason: 'received', actor: SHOP }));

async function level(locationId: number, productId: number) {
  const [row] = await db.select({ onHand: stockLevels.onHand, reserved: stockLevels.reserved }).from(stockLevels).where(and(eq(stockLevels.locationId, locationId), eq(stockLevels.productId, productId)));
  return row ?? { onHand: 0, reserved: 0 };
}

const holdsOf = (orderId: number) => db.select().from(stockReservations).where(eq(stockReservations.orderId, orderId));
const ledgerOf = (orderId: number) => db.select({ locationId: stockLedger.locationId, change: stockLedger.change, reason: stockLedger.reason }).from(stockLedger).where(eq(stockLedger.orderId, orderId));

test('50 buyers click & collect a piece with 3 units only in one showroom: exactly 3 orders, the rest 409 naming it, the showroom holds 3 of 3', async () => {
  const showroom = await location('Newmarket showroom', '1023', ['Auckland'], { collect: true });
  const chair = await createProduct({ name: 'Strandmon wing chair', price: 39_900, stock: 0 });
  await receive(showroom.id, chair.id, 3);
  const buyers = await Promise.all(Array.from({ length: 50 }, () => shopper()));
  for (const b of buyers) expect((await addToCart(b.token, chair.id, 1)).status).toBe(200);

  const results = await Promise.all(buyers.map((b) => orderCart(b.token, { newAddress: AUCKLAND, delivery: { service_id: showroom.serviceId } })));

  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(3);
  expect(statuses.filter((s) => s === 409)).toHaveLength(47);
  expect(results.find((r) => r.status === 409)!.body.message).toMatch(/Not available to collect at Newmarket showroom: Strandmon wing chair/);
  expect(await level(showroom.id, chair.id)).toEqual({ onHand: 3, reserved: 3 });
  expect(await level(await defaultLocation(), chair.id)).toEqual({ onHand: 0, reserved: 0 });
  expect(await stockOf(chair.id)).toBe(0);
  const holds = await db.select().from(stockReservations).where(eq(stockReservations.productId, chair.id));
  expect(holds.map((h) => [h.locationId, h.quantity])).toEqual([
    [showroom.id, 1],
    [showroom.id, 1],
    [showroom.id, 1],
  ]);
}, 180_000);

test('click & collect is offered only at pickup locations holding every line; ordering it anyway is 409 naming the missing line', async () => {
  const showroom = await location('Ponsonby showroom', '1011', ['Auckland'], { collect: true });
  const lamp = await createProduct({ name: 'Hektar lamp', price: 4_900, stock: 5 }); // at the warehouse only
  const rug = await createProduct({ name: 'Stockholm rug', price: 9_900, stock: 0 });
  await receive(showroom.id, rug.id, 2);
  await receive(await defaultLocation(), rug.id, 2);
  const { token } = await shopper();
  await addToCart(token, rug.id, 1);
  const quote = async () => {
    const ids = (await cartOf(token)).map((i) => i.cart_item_id);
    const res = await call(quoteRoute, { method: 'POST', url: '/api/delivery/quote', token, body: { cartItems: ids.map((id) => ({ cart_item_id: id })), address: { postal_code: '1010', country: 'New Zealand' } } });
    return (res.body.services as { kind: string; service_id: number; pickup: { name: string } | null }[]).filter((s) => s.kind === 'click_collect').map((s) => s.pickup!.name);
  };
  expect(await quote()).toEqual(expect.arrayContaining(['Ponsonby showroom', 'Epsom warehouse']));
  await addToCart(token, lamp.id, 1);
  expect(await quote()).toEqual(['Epsom warehouse']);
  const refused = await orderCart(token, { newAddress: AUCKLAND, delivery: { service_id: showroom.serviceId } });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe('Not available to collect at Ponsonby showroom: Hektar lamp. Choose delivery, or remove it from this order.');
  expect(await level(showroom.id, rug.id)).toEqual({ onHand: 2, reserved: 0 });
});

test('a delivery is held at the nearest location shipping to the zone, then the one with most stock; a location not shipping there is never used', async () => {
  const home = await defaultLocation(); // Epsom warehouse, postcode 1023, ships everywhere
  await db.update(stockLocations).set({ postcode: '1023' }).where(eq(stockLocations.id, home));
  const newmarket = await location('Newmarket store', '1023', ['Auckland']);
  const ponsonby = await location('Ponsonby store', '1011', ['Auckland']);
  const wellington = await location('Wellington store', '6011', ['Wellington']);
  const sofa = await createProduct({ name: 'Kivik sofa', price: 99_900, stock: 2 }); // 2 at the warehouse
  await receive(newmarket.id, sofa.id, 5);
  await receive(wellington.id, sofa.id, 50);

  // Epsom and Newmarket are as near (same zone, same postcode): Newmarket has more.
  const first = await shopper();
  await addToCart(first.token, sofa.id, 1);
  const a = await orderCart(first.token, { newAddress: AUCKLAND });
  expect(a.status).toBe(201);
  expect((await holdsOf(a.body.order.order_id)).map((h) => [h.locationId, h.quantity])).toEqual([[newmarket.id, 1]]);

  // Ponsonby (1011) is nearer to 1010 than both, once it has the piece.
  await receive(ponsonby.id, sofa.id, 1);
  const second = await shopper();
  await addToCart(second.token, sofa.id, 1);
  const b = await orderCart(second.token, { newAddress: AUCKLAND });
  expect((await holdsOf(b.body.order.order_id)).map((h) => h.locationId)).toEqual([ponsonby.id]);

  // 7 units to Auckland: no single Auckland location holds them, so the line splits nearest first
  // (Newmarket 4, then Epsom 2 … short by 1): refused, Wellington's 50 do not ship to Auckland.
  const third = await shopper();
  await addToCart(third.token, sofa.id, 7);
  const c = await orderCart(third.token, { newAddress: AUCKLAND });
  expect(c.status).toBe(409);
  expect(c.body.message).toBe('Only 6 left of Kivik sofa.');
  // 6 units: split over Newmarket (4) and Epsom (2).
  const fourth = await shopper();
  await addToCart(fourth.token, sofa.id, 6);
  const d = await orderCart(fourth.token, { newAddress: AUCKLAND });
  expect(d.status).toBe(201);
  expect((await holdsOf(d.body.order.order_id)).map((h) => [h.locationId, h.quantity]).sort()).toEqual(
    [
      [newmarket.id, 4],
      [home, 2],
    ].sort(),
  );
  expect(await level(wellington.id, sofa.id)).toEqual({ onHand: 50, reserved: 0 });
  expect(await stockOf(sofa.id)).toBe(50);
});

test('fulfilment takes the units at the reserving location only; cancelling before it lets the hold go with no ledger row, after it puts them back there as cancelled', async () => {
  const admin = await shopper({ isAdmin: true });
  const setStatus = (id: number, status: string) => call(updateOrderRoute, { method: 'PUT', url: `/api/orders/${id}`, params: { id: String(id) }, token: admin.token, body: { status } });
  const home = await defaultLocation();
  const store = await location('Grey Lynn store', '1021', ['Auckland']);
  const table = await createProduct({ name: 'Lisabo table', price: 29_900, stock: 1 }); // 1 at the warehouse
  await receive(store.id, table.id, 4);

  // Shipped: the unit leaves Grey Lynn (the nearer, fuller one), not the warehouse.
  const buyer = await shopper();
  await addToCart(buyer.token, table.id, 1);
  const order = (await orderCart(buyer.token, { newAddress: AUCKLAND })).body.order;
  await markOrderPaid(db, order.order_id);
  expect((await setStatus(order.order_id, 'shipped')).status).toBe(200);
  expect(await level(store.id, table.id)).toEqual({ onHand: 3, reserved: 0 });
  expect(await level(home, table.id)).toEqual({ onHand: 1, reserved: 0 });
  expect(await ledgerOf(order.order_id)).toEqual([{ locationId: store.id, change: -1, reason: 'sold' }]);
  expect((await holdsOf(order.order_id))[0].fulfilledAt).not.toBeNull();
  expect(await stockOf(table.id)).toBe(4);

  // Cancelled after shipping: the unit comes back at Grey Lynn, `cancelled`.
  expect((await setStatus(order.order_id, 'cancelled')).status).toBe(200);
  expect(await level(store.id, table.id)).toEqual({ onHand: 4, reserved: 0 });
  expect(await ledgerOf(order.order_id)).toEqual([
    { locationId: store.id, change: -1, reason: 'sold' },
    { locationId: store.id, change: 1, reason: 'cancelled' },
  ]);
  expect(await holdsOf(order.order_id)).toEqual([]);
  expect(await stockOf(table.id)).toBe(5);

  // Cancelled by its customer before fulfilment: the hold goes, nothing is written to the ledger.
  const other = await shopper();
  await addToCart(other.token, table.id, 2);
  const unpaid = (await orderCart(other.token, { newAddress: AUCKLAND })).body.order;
  expect(await level(store.id, table.id)).toEqual({ onHand: 4, reserved: 2 });
  expect(await stockOf(table.id)).toBe(3);
  expect((await call(deleteOrderRoute, { method: 'DELETE', url: `/api/orders/${unpaid.order_id}`, params: { id: String(unpaid.order_id) }, token: other.token })).status).toBe(200);
  expect(await level(store.id, table.id)).toEqual({ onHand: 4, reserved: 0 });
  expect(await ledgerOf(unpaid.order_id)).toEqual([]);
  expect(await stockOf(table.id)).toBe(5);
});
