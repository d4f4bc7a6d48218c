/**
 * Delivery zones, services and the quote through the real handlers: POST /api/delivery/quote
 * and POST /api/orders with and without a delivery choice, on the seeded New Zealand zones.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { db } from '@/db/client';
import { addresses, deliveryServices, deliveryZones, orders, outboxMessages } from '@/db/schema';
import { POST as quoteRoute } from '@/app/api/delivery/quote/route';
import { PUT as updateOrderRoute } from '@/app/api/orders/[id]/route';
import { GET as zonesRoute } from '@/app/api/delivery/zones/route';
import { PUT as updateZoneRoute } from '@/app/api/delivery/zones/[id]/route';
import { renderMail } from '@/lib/mail/templates';
import { NOT_CLICK_AND_COLLECT } from '@/lib/orders/rules';
import { NOT_NZ_ADDRESS, NOTHING_FITS, outsideZones, SERVICE_UNAVAILABLE, zoneNotServed } from '@/lib/delivery/service';
import { POSTCODE_FORMAT } from '@/lib/accounts/address-schema';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { NEW_ADDRESS, addToCart, cartOf, orderCart, shopper, stockOf } from '../support/buying';
import { markOrderPaid } from '@/lib/orders/service';

const RURAL_WEST_COAST = { ...NEW_ADDRESS, street_address: '1480 Kumara Junction Highway', city: 'Kumara', state_province: 'West Coast', postal_code: '7881' };
const AUCKLAND = { ...NEW_ADDRESS, street_address: '10 Queen Street', city: 'Auckland', state_province: 'Auckland', postal_code: '1010' };
const CHATHAMS = { ...NEW_ADDRESS, street_address: '1 Tuku Road', city: 'Waitangi', state_province: 'Chatham Islands', postal_code: '8942' };

async function serviceOf(zoneName: string, kind: string) {
  const [row] = await db
    .select({ s: deliveryServices })
    .from(deliveryServices)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryServices.zoneId))
    .where(and(eq(deliveryZones.name, zoneName), eq(deliveryServices.kind, kind as 'courier')));
  return row.s;
}

async function quote(token: string, address: { postal_code: string; country: string }) {
  const items = await cartOf(token);
  return call(quoteRoute, { method: 'POST', url: '/api/delivery/quote', token, body: { cartItems: items.map((i) => ({ cart_item_id: i.cart_item_id })), address } });
}

const ordersOf = (userId: number) => db.select().from(orders).where(eq(orders.userId, userId));

describe('delivery quote and order', () => {
  test('POST /api/orders — a bulky sofa to a rural postcode is offered only two-person delivery, at the rural fee', async () => {
    const rural = await serviceOf('Rural', 'two_person');
    await db.update(deliveryServices).set({ fee: 14_900, bulkySurcharge: 3_000, freeOver: null }).where(eq(deliveryServices.id, rural.id));
    const { token, user } = await shopper();
    const sofa = await createProduct({ name: 'KIVIK 3-seat sofa', price: 129_900, stock: 3, shippingClass: 'bulky', widthCm: 228, heightCm: 83, depthCm: 95 });
    await addToCart(token, sofa.id, 1);

    const q = await quote(token, { postal_code: '7881', country: 'New Zealand' });
    expect(q.status).toBe(200);
    expect(q.body.zone.name).toBe('Rural');
    expect(q.body.services.map((s: { kind: string }) => s.kind)).toEqual(['two_person']);
    expect(q.body.services[0]).toMatchObject({ service_id: rural.id, fee: 179, assembly_fee: 0, price: 179 });

    const res = await orderCart(token, { newAddress: RURAL_WEST_COAST });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ subtotal: 1299, shipping_fee: 179, assembly_fee: 0, total_amount: 1478, delivery: { kind: 'two_person', service_id: rural.id, zone: 'Rural', pickup: null } });
    expect(res.body.order.delivery.date).toBe(q.body.services[0].earliest_date);
    expect((await ordersOf(user.id)).length).toBe(1);
  });

  test('POST /api/delivery/quote — a cushion to Auckland is offered courier and click & collect (with the pickup address)', async () => {
    const { token } = await shopper();
    const cushion = await createProduct({ name: 'GURLI cushion', price: 1_500, stock: 10, shippingClass: 'parcel' });
    await addToCart(token, cushion.id, 2);
    const q = await quote(token, { postal_code: '1010', country: 'NZ' });
    expect(q.status).toBe(200);
    expect(q.body.zone.name).toBe('Auckland');
    const kinds = q.body.services.map((s: { kind: string }) => s.kind);
    expect(kinds).toEqual(expect.arrayContaining(['courier', 'click_collect']));
    const collect = q.body.services.find((s: { kind: string }) => s.kind === 'click_collect');
    expect(collect).toMatchObject({ price: 0, pickup: { name: 'Epsom warehouse' } });
    // The seeded Auckland courier: $12, free over $150 (docs/delivery.md "Seeded fees and their sources").
    expect(q.body.services.find((s: { kind: string }) => s.kind === 'courier')).toMatchObject({ fee: 12, free_over: 150 });

    // With no choice, a client that gives an address gets delivery there: the cheapest service that delivers.
    const placed = await orderCart(token, { newAddress: AUCKLAND });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ shipping_fee: 12, total_amount: 42, delivery: { kind: 'courier', zone: 'Auckland' } });
  });

  test('POST /api/orders — click & collect chosen: free, and the order shows the pickup address and hours', async () => {
    const { token } = await shopper();
    const cushion = await createProduct({ price: 1_500, stock: 10 });
    await addToCart(token, cushion.id, 1);
    const q = await quote(token, { postal_code: '1010', country: 'New Zealand' });
    const collect = q.body.services.find((s: { kind: string }) => s.kind === 'click_collect');
    // A client-sent fee is ignored.
    const res = await orderCart(token, { newAddress: AUCKLAND, delivery: { service_id: collect.service_id, fee: 999 } });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ shipping_fee: 0, total_amount: 15, delivery: { kind: 'click_collect', pickup: { name: 'Epsom warehouse', address: expect.stringContaining('Epsom'), opening_hours: expect.any(String) } } });
  });

  test('POST /api/orders — assembly adds each product’s assembly fee × quantity as its own amount', async () => {
    const { token } = await shopper();
    const wardrobe = await createProduct({ price: 30_000, stock: 5, shippingClass: 'bulky', assemblyFee: 8_000 });
    await addToCart(token, wardrobe.id, 2);
    const assembly = await serviceOf('Auckland', 'two_person_assembly');
    const res = await orderCart(token, { newAddress: AUCKLAND, delivery: { service_id: assembly.id } });
    expect(res.status).toBe(201);
    // Seeded Auckland: $69 + $30 per bulky item below $2,500 of goods; assembly 2 × $80 on top.
    expect(res.body.order).toMatchObject({ subtotal: 600, shipping_fee: 129, assembly_fee: 160, total_amount: 889, delivery: { kind: 'two_person_assembly' } });
    // From the free-over amount the delivery is free, the assembly never.
    await db.update(deliveryServices).set({ freeOver: 50_000 }).where(eq(deliveryServices.id, assembly.id));
    const { token: other } = await shopper();
    await addToCart(other, wardrobe.id, 2);
    const free = await orderCart(other, { newAddress: AUCKLAND, delivery: { service_id: assembly.id } });
    expect(free.body.order).toMatchObject({ subtotal: 600, shipping_fee: 0, assembly_fee: 160, total_amount: 760 });
    await db.update(deliveryServices).set({ freeOver: assembly.freeOver }).where(eq(deliveryServices.id, assembly.id));
  });

  test('POST /api/orders — a service that does not fit (courier for a sofa) or belongs to another zone is refused, nothing ordered', async () => {
    const { token, user } = await shopper();
    const sofa = await createProduct({ price: 50_000, stock: 2, shippingClass: 'bulky' });
    await addToCart(token, sofa.id, 1);
    const courier = await serviceOf('Auckland', 'courier');
    const wellington = await serviceOf('Wellington', 'two_person');
    for (const serviceId of [courier.id, wellington.id]) {
      const res = await orderCart(token, { newAddress: AUCKLAND, delivery: { service_id: serviceId } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SERVICE_UNAVAILABLE);
    }
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await stockOf(sofa.id)).toBe(2);
  });

  test('POST /api/orders — an address outside every zone, or in the Chatham Islands, gets a clear 400 and nothing is ordered', async () => {
    const { token, user } = await shopper();
    const lamp = await createProduct({ price: 4_500, stock: 4 });
    await addToCart(token, lamp.id, 1);
    const cases: [Record<string, unknown>, string][] = [
      [CHATHAMS, zoneNotServed('Chatham Islands', '8942')],
      [{ ...NEW_ADDRESS, postal_code: '0050' }, outsideZones('0050')],
      [{ ...NEW_ADDRESS, country: 'Australia', postal_code: '2000' }, NOT_NZ_ADDRESS],
    ];
    for (const [address, message] of cases) {
      const res = await orderCart(token, { newAddress: address });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      const q = await quote(token, { postal_code: String(address.postal_code), country: String(address.country) });
      expect(q.status).toBe(400);
      expect(q.body.message).toBe(message);
    }
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await db.select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(0);
    expect(await stockOf(lamp.id)).toBe(4);
    expect(await cartOf(token)).toHaveLength(1);
  });

  test('POST /api/orders and POST /api/delivery/quote — a postcode that is not four digits ("abcd", "99999", "101") is a 400 naming the rule; nothing is ordered', async () => {
    const { token, user } = await shopper();
    const lamp = await createProduct({ price: 4_500, stock: 4 });
    await addToCart(token, lamp.id, 1);
    for (const postcode of ['abcd', '99999', '101', '10 10']) {
      const res = await orderCart(token, { newAddress: { ...NEW_ADDRESS, postal_code: postcode } });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(POSTCODE_FORMAT);
      const q = await quote(token, { postal_code: postcode, country: 'New Zealand' });
      expect(q.status).toBe(400);
      expect(q.body.message).toContain(POSTCODE_FORMAT);
    }
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await db.select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(0);
    expect(await stockOf(lamp.id)).toBe(4);
  });

  test('POST /api/orders — a collect-only piece is only offered click & collect, and cannot be sent to Wellington', async () => {
    const { token } = await shopper();
    const display = await createProduct({ price: 20_000, stock: 1, shippingClass: 'collect_only' });
    await addToCart(token, display.id, 1);
    const q = await quote(token, { postal_code: '1010', country: 'New Zealand' });
    expect(q.body.services.map((s: { kind: string }) => s.kind)).toEqual(['click_collect']);
    const far = await orderCart(token, { newAddress: NEW_ADDRESS });
    expect(far.status).toBe(400);
    expect(far.body.message).toBe(NOTHING_FITS);
    const near = await orderCart(token, { newAddress: AUCKLAND });
    expect(near.status).toBe(201);
    expect(near.body.order.delivery.kind).toBe('click_collect');
  });

  test('POST /api/delivery/quote — needs an address, and only the user’s own saved address', async () => {
    const { token } = await shopper();
    const other = await shopper();
    const lamp = await createProduct({ price: 4_500, stock: 4 });
    await addToCart(token, lamp.id, 1);
    const items = await cartOf(token);
    const none = await call(quoteRoute, { method: 'POST', url: '/api/delivery/quote', token, body: { cartItems: items.map((i) => ({ cart_item_id: i.cart_item_id })) } });
    expect(none.status).toBe(400);
    const [theirs] = await db.insert(addresses).values({ userId: other.user.id, streetAddress: '1 Other St', city: 'Auckland', postalCode: '1010', country: 'New Zealand' }).returning();
    const foreign = await call(quoteRoute, { method: 'POST', url: '/api/delivery/quote', token, body: { cartItems: items.map((i) => ({ cart_item_id: i.cart_item_id })), addressId: theirs.id } });
    expect(foreign.status).toBe(404);
  });

  test('PUT /api/orders/{id} — a click & collect order becomes ready for collection (the customer is e-mailed where and when) and then collected; other orders cannot', async () => {
    const admin = await shopper({ isAdmin: true });
    const setStatus = (id: number, status: string) => call(updateOrderRoute, { method: 'PUT', url: `/api/orders/${id}`, params: { id: String(id) }, token: admin.token, body: { status } });
    const { token } = await shopper();
    const cushion = await createProduct({ price: 1_500, stock: 10 });
    await addToCart(token, cushion.id, 1);
    const q = await quote(token, { postal_code: '1010', country: 'New Zealand' });
    const collect = q.body.services.find((s: { kind: string }) => s.kind === 'click_collect');
    const order = (await orderCart(token, { newAddress: AUCKLAND, delivery: { service_id: collect.service_id } })).body.order;
    // Made ready once paid.
    await markOrderPaid(db, order.order_id);

    const ready = await setStatus(order.order_id, 'ready_for_collection');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready_for_collection');
    const [mail] = await db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, `order-ready-for-collection:${order.order_id}`));
    expect(mail.subject).toMatch(/is ready to collect$/);
    const rendered = await renderMail(mail.template, mail.payload as Record<string, unknown>);
    expect(rendered.text).toContain('Epsom warehouse, 25 Manukau Road');
    expect(rendered.text).toContain('Mon–Fri 9am–5pm');

    const collected = await setStatus(order.order_id, 'collected');
    expect(collected.status).toBe(200);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.order_id));
    expect(row.status).toBe('collected');
    expect(row.deliveredAt).not.toBeNull();

    // A courier order cannot be ready for collection.
    await addToCart(token, cushion.id, 1);
    const courier = (await orderCart(token, { newAddress: AUCKLAND })).body.order;
    await markOrderPaid(db, courier.order_id);
    const refused = await setStatus(courier.order_id, 'ready_for_collection');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NOT_CLICK_AND_COLLECT);
  });

  test('regional anniversary days — on 20 January 2027 Auckland is never offered Auckland Anniversary (Mon 1 Feb) but Wellington is, and the other way round for Wellington Anniversary (Mon 25 Jan); the zone\'s region is edited in the back office', async () => {
    // The clock the shop reads (Date only) at noon, Wednesday 20 January 2027, in New Zealand; the
    // shoppers sign in on that day too.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-20T00:00:00Z'));
    const admin = await shopper({ isAdmin: true });
    const setup = await call(zonesRoute, { url: '/api/delivery/zones', token: admin.token });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const zones = setup.body.zones as { zone_id: number; name: string; region: string | null; postcode_ranges: unknown; postcodes: string[]; served: boolean; sort_order: number }[];
    expect(Object.fromEntries(zones.map((z) => [z.name, z.region]))).toMatchObject({ Auckland: 'AUK', Wellington: 'WGN', Christchurch: 'CAN', 'Chatham Islands': 'CIT', Rural: null });

    const { token } = await shopper();
    const sofa = await createProduct({ price: 90_000, stock: 3, shippingClass: 'bulky' });
    await addToCart(token, sofa.id, 1);
    const twoPersonDays = async (postcode: string) => {
      const q = await quote(token, { postal_code: postcode, country: 'New Zealand' });
      expect(q.status).toBe(200);
      return (q.body.services.find((x: { kind: string }) => x.kind === 'two_person').days as { date: string }[]).map((d) => d.date);
    };
    const auckland = await twoPersonDays('1010');
    const wellington = await twoPersonDays('6011');
    expect(auckland).toContain('2027-01-25');
    expect(auckland).not.toContain('2027-02-01');
    expect(wellington).toContain('2027-02-01');
    expect(wellington).not.toContain('2027-01-25');

    // An administrator takes Auckland's region off: only national holidays are skipped there now.
    const akl = zones.find((z) => z.name === 'Auckland')!;
    const edited = await call(updateZoneRoute, { method: 'PUT', url: `/api/delivery/zones/${akl.zone_id}`, params: { id: String(akl.zone_id) }, token: admin.token, body: { ...akl, region: null } });
    expect(edited.status).toBe(200);
    expect(edited.body.region).toBeNull();
    expect(await twoPersonDays('1010')).toContain('2027-02-01');
    const bad = await call(updateZoneRoute, { method: 'PUT', url: `/api/delivery/zones/${akl.zone_id}`, params: { id: String(akl.zone_id) }, token: admin.token, body: { ...akl, region: 'Atlantis' } });
    expect(bad.status).toBe(400);
    await call(updateZoneRoute, { method: 'PUT', url: `/api/delivery/zones/${akl.zone_id}`, params: { id: String(akl.zone_id) }, token: admin.token, body: { ...akl, region: 'AUK' } });
  });
});

afterEach(() => {
  vi.useRealTimers();
});
