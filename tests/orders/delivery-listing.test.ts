/**
 * The delivery rates product pages publish in their structured data come from the
 * zones and services in the database, and follow an administrator's change at once: the write
 * revalidates TAGS.delivery, which the cached read of the zones (and so every product page) carries.
 */
import { and, eq } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import { describe, expect, test, vi } from 'vitest';
import { db } from '@/db/client';
import { deliveryServices, deliveryZones } from '@/db/schema';
import { PUT as updateServiceRoute } from '@/app/api/delivery/services/[id]/route';
import { PUT as updateZoneRoute } from '@/app/api/delivery/zones/[id]/route';
import { GET as productRoute } from '@/app/api/products/[id]/route';
import { productJsonLd } from '@/lib/storefront/json-ld';
import { TAGS } from '@/lib/catalog/tags';
import { getListingZones } from '@/lib/delivery/queries';
import { merchantPolicy } from '@/lib/storefront/merchant-policy';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-LD read field by field
type Ld = any;

const settings = { currency: 'NZD', returnWindowDays: 30, timeZone: 'Pacific/Auckland' };

async function zoneNamed(name: string) {
  const [zone] = await db.select().from(deliveryZones).where(eq(deliveryZones.name, name));
  return zone;
}

async function serviceOf(zoneName: string, kind: 'courier' | 'two_person') {
  const zone = await zoneNamed(zoneName);
  const [row] = await db.select().from(deliveryServices).where(and(eq(deliveryServices.zoneId, zone.id), eq(deliveryServices.kind, kind)));
  return row;
}

/** The product page's shippingDetails for one product, built from the zones as the page reads them. */
async function shippingDetailsOf(p: { id: number; price: number; shippingClass: 'parcel' | 'bulky' | 'collect_only' }): Promise<Ld[] | undefined> {
  const policy = merchantPolicy(settings, 'https://shop.test', await getListingZones());
  const ld = productJsonLd({ url: `https://shop.test/products/${p.id}`, name: 'X', images: [], price: p.price / 100, shippingClass: p.shippingClass, currency: 'NZD', inStock: true }, policy);
  return (ld.offers as Ld)?.shippingDetails;
}

const rateIn = (details: Ld[] | undefined, zone: string) => details?.find((d) => d.name.endsWith(`— ${zone}`))?.shippingRate.value;

describe('product shipping rates from the delivery zones', () => {
  test('the seeded zones: a cushion goes by courier to every served zone at its fee (islands dearest), never to the Chatham Islands', async () => {
    const cushion = await createProduct({ price: 1_999, shippingClass: 'parcel' });
    const details = await shippingDetailsOf(cushion);
    expect(details?.map((d) => d.name)).toEqual(['Courier — Auckland', 'Courier — Wellington', 'Courier — Christchurch', 'Courier — Other main centres', 'Courier — North Island provincial', 'Courier — South Island provincial', 'Courier — Rural', 'Courier — Islands']);
    // The seeded courier fees (docs/delivery.md "Seeded fees and their sources").
    expect(details?.map((d) => d.shippingRate.value)).toEqual([12, 12, 12, 12, 15, 18, 20, 35]);
  });

  test('PUT /api/delivery/services/{id} — a new Auckland courier fee is the Auckland rate of product pages, which are revalidated', async () => {
    const admin = await createUser({ isAdmin: true });
    const cushion = await createProduct({ price: 1_999, shippingClass: 'parcel' });
    const courier = await serviceOf('Auckland', 'courier');
    vi.mocked(revalidateTag).mockClear();

    const res = await call(updateServiceRoute, {
      method: 'PUT',
      url: `/api/delivery/services/${courier.id}`,
      params: { id: String(courier.id) },
      token: await tokenFor(admin),
      body: { kind: 'courier', name: 'Courier', fee: 15, bulky_surcharge: 0, free_over: 500, lead_days: 1, weekdays: [1, 2, 3, 4, 5], active: true },
    });
    expect(res.status).toBe(200);
    expect(revalidateTag).toHaveBeenCalledWith(TAGS.delivery, { expire: 0 });

    const details = await shippingDetailsOf(cushion);
    expect(rateIn(details, 'Auckland')).toBe(15);
    expect(details?.find((d) => d.name === 'Courier — Auckland').deliveryTime.handlingTime.maxValue).toBe(1);
    expect(rateIn(details, 'Wellington')).toBe(12);
  });

  test('PUT /api/delivery/zones/{id} — a zone no longer served drops out of the rates; a bulky piece is quoted two-person delivery at the zone’s fee', async () => {
    const admin = await createUser({ isAdmin: true });
    const sofa = await createProduct({ price: 29_900, shippingClass: 'bulky' });
    const islands = await zoneNamed('Islands');
    const twoPerson = await serviceOf('Rural', 'two_person');
    await db.update(deliveryServices).set({ fee: 14_900, bulkySurcharge: 3_000, freeOver: null }).where(eq(deliveryServices.id, twoPerson.id));
    vi.mocked(revalidateTag).mockClear();

    const res = await call(updateZoneRoute, {
      method: 'PUT',
      url: `/api/delivery/zones/${islands.id}`,
      params: { id: String(islands.id) },
      token: await tokenFor(admin),
      body: { name: 'Islands', postcode_ranges: [], postcodes: islands.postcodes, served: false, sort_order: islands.sortOrder },
    });
    expect(res.status).toBe(200);
    expect(revalidateTag).toHaveBeenCalledWith(TAGS.delivery, { expire: 0 });

    const details = await shippingDetailsOf(sofa);
    expect(details?.map((d) => d.name)).not.toContain('Two-person delivery — Islands');
    expect(details?.some((d) => d.name.startsWith('Courier'))).toBe(false);
    expect(rateIn(details, 'Rural')).toBe(179);
  });

  test('GET /api/products/{id} — each variant carries its own shipping class and assembly fee', async () => {
    const group = `listing-${Date.now()}`;
    const small = await createProduct({ price: 9_900, shippingClass: 'parcel', variantGroup: group, size: '60 cm' });
    const large = await createProduct({ price: 49_900, shippingClass: 'bulky', assemblyFee: 5_000, variantGroup: group, size: '200 cm' });
    const res = await call(productRoute, { url: `/api/products/${small.id}`, params: { id: String(small.id) } });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.variants.map((v: Ld) => [v.product_id, v]));
    expect(byId.get(small.id)).toMatchObject({ shipping_class: 'parcel', assembly_fee: 0 });
    expect(byId.get(large.id)).toMatchObject({ shipping_class: 'bulky', assembly_fee: 50 });
  });
});
