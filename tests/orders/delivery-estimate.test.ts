/**
 * The seeded delivery zones price realistically through the real quote service (docs/delivery.md
 * "Seeded fees and their sources"), and the cart's estimate is what the checkout then charges for
 * the same saved address (docs/delivery.md "Estimates"). Shipping classes are set here, not derived.
 */
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { settings } from '@/db/schema';
import { quoteDelivery } from '@/lib/delivery/service';
import type { QuoteLine } from '@/lib/delivery/quote';
import { createAddress } from '@/lib/accounts/addresses';
import { estimateDeliveryFor } from '@/lib/accounts/delivery-estimate';
import { getSettingsMap } from '@/lib/settings/queries';
import { createProduct } from '../support/factories';
import { addToCart, orderCart, shopper } from '../support/buying';
import { call } from '../support/http';
import { GET as estimateRoute } from '@/app/api/delivery/estimate/route';

const NZ = 'New Zealand';
const sofaLine: QuoteLine = { shippingClass: 'bulky', quantity: 1, unitPrice: 129_900, assemblyFee: 0 };
const lampLine: QuoteLine = { shippingClass: 'parcel', quantity: 1, unitPrice: 4_900, assemblyFee: 0 };

/** The cheapest service that delivers (what the checkout preselects), from the real quote. */
async function cheapestDelivery(postcode: string, lines: QuoteLine[]) {
  const q = await quoteDelivery(db, { postalCode: postcode, country: NZ }, lines);
  return { zone: q.zone.name, service: q.services.find((s) => s.kind !== 'click_collect')!, kinds: q.services.map((s) => s.kind) };
}

describe('seeded delivery zones', () => {
  test('a three-seat sofa (bulky) to Stewart Island costs more than to central Auckland, and never goes by courier', async () => {
    const auckland = await cheapestDelivery('1010', [sofaLine]);
    const stewart = await cheapestDelivery('9818', [sofaLine]);
    expect(auckland.zone).toBe('Auckland');
    expect(stewart.zone).toBe('Islands');
    for (const q of [auckland, stewart]) {
      expect(q.kinds).not.toContain('courier');
      expect(q.service.kind).toBe('two_person');
    }
    expect(stewart.service.price).toBeGreaterThan(auckland.service.price);
    // The bulky-item surcharge is part of the price: two sofas cost more than one.
    const two = await cheapestDelivery('1011', [{ ...sofaLine, quantity: 2, unitPrice: 50_000 }]);
    const one = await cheapestDelivery('1011', [{ ...sofaLine, unitPrice: 100_000 }]);
    expect(two.service.price).toBeGreaterThan(one.service.price);
  });

  test("a lamp (parcel) to Ponsonby goes by courier and is not charged a sofa's fee", async () => {
    const lamp = await cheapestDelivery('1011', [lampLine]);
    const sofa = await cheapestDelivery('1011', [sofaLine]);
    expect(lamp.zone).toBe('Auckland');
    expect(lamp.service.kind).toBe('courier');
    expect(lamp.service.price).toBeGreaterThan(0);
    expect(lamp.service.price).toBeLessThan(sofa.service.price);
  });

  test('rural and island addresses pay more than a main centre for the same parcel; Waiheke and Great Barrier are islands', async () => {
    const city = await cheapestDelivery('6011', [lampLine]);
    const rural = await cheapestDelivery('7881', [lampLine]);
    expect(rural.zone).toBe('Rural');
    expect(rural.service.price).toBeGreaterThan(city.service.price);
    for (const postcode of ['1081', '0991', '9818']) {
      const island = await cheapestDelivery(postcode, [lampLine]);
      expect(island.zone).toBe('Islands');
      expect(island.service.price).toBeGreaterThan(rural.service.price);
    }
  });

  test('the flat shipping settings are gone: not stored, not offered', async () => {
    const map = await getSettingsMap();
    expect(map).not.toHaveProperty('shipping_fee');
    expect(map).not.toHaveProperty('free_shipping_threshold');
    // A row an older shop kept is not a setting any more.
    await db.insert(settings).values({ key: 'shipping_fee', value: 20 }).onConflictDoNothing();
    expect(await getSettingsMap()).not.toHaveProperty('shipping_fee');
  });
});

describe('the cart estimate is what the checkout charges', () => {
  const cases = [
    { what: 'a $22 cushion to Ponsonby', price: 2_200, shippingClass: 'parcel' as const, postcode: '1011', city: 'Auckland' },
    { what: 'a three-seat sofa to Stewart Island', price: 129_900, shippingClass: 'bulky' as const, postcode: '9818', city: 'Oban' },
    { what: 'a lamp to a rural West Coast address', price: 4_900, shippingClass: 'parcel' as const, postcode: '7881', city: 'Kumara' },
  ];
  for (const c of cases) {
    test(`POST /api/orders — ${c.what}: the estimate for the saved address equals the order's delivery fee and total`, async () => {
      const { token, user } = await shopper();
      const saved = await createAddress(user.id, { street_address: '1 Test Road', city: c.city, postal_code: c.postcode, country: NZ, is_default: true });
      const product = await createProduct({ price: c.price, stock: 5, shippingClass: c.shippingClass });
      await addToCart(token, product.id, 1);

      const estimate = await estimateDeliveryFor(user.id, [{ productId: product.id, unitPrice: c.price, quantity: 1 }]);
      expect(estimate.kind).toBe('address');
      if (estimate.kind !== 'address') return;
      expect(estimate.postcode).toBe(c.postcode);
      expect(estimate.service.price).toBeGreaterThan(0);

      const placed = await orderCart(token, { newAddress: undefined, addressId: saved.address_id });
      expect(placed.status).toBe(201);
      expect(placed.body.order.shipping_fee * 100).toBe(estimate.service.deliveryFee);
      expect(placed.body.order.delivery).toMatchObject({ service_id: estimate.service.serviceId, zone: estimate.zone });
      expect(Math.round(placed.body.order.total_amount * 100)).toBe(c.price + estimate.service.price);
    });
  }

  test('without a saved address the estimate is "from" the lowest price over the served zones', async () => {
    const { user } = await shopper();
    const product = await createProduct({ price: 2_200, stock: 5, shippingClass: 'parcel' });
    const estimate = await estimateDeliveryFor(user.id, [{ productId: product.id, unitPrice: 2_200, quantity: 1 }]);
    expect(estimate.kind).toBe('from');
    if (estimate.kind !== 'from') return;
    const auckland = await cheapestDelivery('1010', [{ ...lampLine, unitPrice: 2_200 }]);
    const rural = await cheapestDelivery('7881', [{ ...lampLine, unitPrice: 2_200 }]);
    expect(estimate.service.price).toBeLessThanOrEqual(auckland.service.price);
    expect(estimate.service.price).toBeLessThan(rural.service.price);
    expect(estimate.service.price).toBeGreaterThan(0);
  });

  test('a saved address the shop does not deliver to: no estimate, and the checkout’s reason', async () => {
    const { user } = await shopper();
    await createAddress(user.id, { street_address: '1 Tuku Road', city: 'Waitangi', postal_code: '8942', country: NZ, is_default: true });
    const product = await createProduct({ price: 2_200, stock: 5, shippingClass: 'parcel' });
    const estimate = await estimateDeliveryFor(user.id, [{ productId: product.id, unitPrice: 2_200, quantity: 1 }]);
    expect(estimate).toEqual({ kind: 'none', problem: expect.stringContaining('Chatham Islands') });
  });
});

describe('GET /api/delivery/estimate', () => {
  const estimate = (token: string, query: string) => call(estimateRoute, { url: `/api/delivery/estimate?${query}`, token });

  test('GET /api/delivery/estimate — a lamp for a customer whose saved address is in Ponsonby: courier at the Auckland fee; a sofa: two-person', async () => {
    const { token, user } = await shopper();
    await createAddress(user.id, { street_address: '5 Ponsonby Road', city: 'Auckland', postal_code: '1011', country: NZ, is_default: true });
    const lamp = await createProduct({ price: 4_900, stock: 5, shippingClass: 'parcel' });
    const sofa = await createProduct({ price: 129_900, stock: 5, shippingClass: 'bulky' });
    const forLamp = await estimate(token, `product_id=${lamp.id}`);
    const q = await cheapestDelivery('1011', [lampLine]);
    expect(forLamp.status).toBe(200);
    expect(forLamp.body).toMatchObject({ kind: 'address', postcode: '1011', zone: 'Auckland', service_kind: 'courier', price: q.service.price / 100, problem: null });
    const forSofa = await estimate(token, `product_id=${sofa.id}`);
    expect(forSofa.body).toMatchObject({ kind: 'address', service_kind: 'two_person' });
    expect(forSofa.body.price).toBeGreaterThan(forLamp.body.price);
  });

  test('GET /api/delivery/estimate — without a saved address "from"; an unknown product 404; a bad id 400; a visitor 401', async () => {
    const { token } = await shopper();
    const lamp = await createProduct({ price: 4_900, stock: 5, shippingClass: 'parcel' });
    expect((await estimate(token, `product_id=${lamp.id}`)).body).toMatchObject({ kind: 'from', postcode: null, service_kind: 'courier' });
    expect((await estimate(token, 'product_id=999999999')).status).toBe(404);
    expect((await estimate(token, 'product_id=abc')).status).toBe(400);
    expect((await call(estimateRoute, { url: `/api/delivery/estimate?product_id=${lamp.id}` })).status).toBe(401);
  });
});
