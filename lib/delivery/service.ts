/**
 * Delivery quotes from the database (docs/delivery.md): the zone of an address,
 * its services with their pickup locations, and the products' shipping classes and assembly fees,
 * priced by the pure quote (./quote.ts). Used by the checkout's quote (POST /api/delivery/quote,
 * lib/orders/delivery-quote.ts) and by createOrder (lib/orders/service.ts) in the order's own
 * transaction.
 */
import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { deliveryServices, deliveryZones, pickupLocations, products, type DeliveryZone } from '@/db/schema';
import { badRequest } from '@/lib/server/errors';
import { getShopSettings } from '@/lib/settings/queries';
import { toDecimal } from '@/lib/money';
import type { DeliveryQuoteJson } from './contracts';
import { todayIn } from './calendar';
import { freeWindows, type FreeDay } from './booking';
import { holidaysOf } from './holidays';
import { NOTHING_FITS, quoteServices, type QuotedService, type QuoteLine, type ServiceRule } from './quote';
import { isNewZealand, normalisePostcode, zoneFor } from './zones';
import { shortForCollection } from './stock-sources';

export const NOT_NZ_ADDRESS = 'We deliver within New Zealand only. Please choose a New Zealand delivery address with a four-digit postcode.';
export const outsideZones = (postcode: string) => `We don't deliver to postcode ${postcode}. Please choose another delivery address.`;
export const zoneNotServed = (zone: string, postcode: string) => `We don't deliver to ${zone} (postcode ${postcode}). Please choose another delivery address.`;
export { NOTHING_FITS } from './quote';
export const SERVICE_UNAVAILABLE = 'The chosen delivery service is not available for this order and address. Please choose another.';

/** A quoted service with, for two-person services, the offered days' windows that still have room. */
export type QuotedWithDays = QuotedService & { free: FreeDay[] };
export type DeliveryQuote = { zone: Pick<DeliveryZone, 'id' | 'name'>; postcode: string; services: QuotedWithDays[] };

/** The zone of an address. @throws 400 not a New Zealand postcode, outside every zone, or a zone not served. */
export async function zoneOfAddress(executor: Executor, address: { postalCode?: string | null; country?: string | null }): Promise<{ zone: DeliveryZone; postcode: string }> {
  const postcode = normalisePostcode(address.postalCode);
  if (!postcode || !isNewZealand(address.country)) throw badRequest(NOT_NZ_ADDRESS);
  const zones = await executor.select().from(deliveryZones);
  const zone = zoneFor(postcode, zones);
  if (!zone) throw badRequest(outsideZones(postcode));
  if (!zone.served) throw badRequest(zoneNotServed(zone.name, postcode));
  return { zone, postcode };
}

/** Zones' services with their pickup locations, as the quote reads them: zone id → services by id; one query. */
export async function servicesByZone(executor: Executor, zoneIds: number[]): Promise<Map<number, ServiceRule[]>> {
  const byZone = new Map<number, ServiceRule[]>(zoneIds.map((id) => [id, []]));
  if (zoneIds.length === 0) return byZone;
  const rows = await executor
    .select({ s: deliveryServices, p: pickupLocations })
    .from(deliveryServices)
    .leftJoin(pickupLocations, eq(pickupLocations.id, deliveryServices.pickupLocationId))
    .where(inArray(deliveryServices.zoneId, zoneIds))
    .orderBy(asc(deliveryServices.id));
  for (const { s, p } of rows) {
    byZone.get(s.zoneId)!.push({
      id: s.id,
      kind: s.kind,
      name: s.name,
      fee: s.fee,
      bulkySurcharge: s.bulkySurcharge,
      freeOver: s.freeOver,
      leadDays: s.leadDays,
      weekdays: s.weekdays,
      // Click & collect without an (active) pickup location cannot be offered.
      active: s.active && (s.kind !== 'click_collect' || Boolean(p?.active)),
      pickup: p ? { id: p.id, name: p.name, address: p.address, openingHours: p.openingHours } : null,
    });
  }
  return byZone;
}

/** A zone's services with their pickup locations, as the quote reads them. */
export async function servicesOfZone(executor: Executor, zoneId: number): Promise<ServiceRule[]> {
  return (await servicesByZone(executor, [zoneId])).get(zoneId)!;
}

/**
 * Quotes `lines` to an address: its zone and the services that fit, cheapest first.
 * @param goods cents the free-over amounts are judged on (default Σ lines)
 * @param opts.stock the lines' products and units: click & collect is then offered only at pickup
 *   locations whose stock holds every line
 * @throws 400 the address is outside every zone or not served (see zoneOfAddress), or no service fits.
 */
export async function quoteDelivery(
  executor: Executor,
  address: { postalCode?: string | null; country?: string | null },
  lines: QuoteLine[],
  goods?: number,
  opts: { stock?: { productId: number; quantity: number }[] } = {},
): Promise<DeliveryQuote> {
  const { zone, postcode } = await zoneOfAddress(executor, address);
  const settings = await getShopSettings(executor);
  // Lead days count working days: weekends, New Zealand public holidays and the zone's regional
  // anniversary day are skipped (./holidays.ts).
  const all = quoteServices(lines, await servicesOfZone(executor, zone.id), todayIn(settings.timeZone), { goods, isHoliday: holidaysOf(zone.region) });
  // Click & collect is offered only where the pickup location's stock holds every line
  // (docs/stock.md "Allocation"); the order itself checks again when it holds the units.
  const quoted: QuotedService[] = [];
  for (const q of all) if (!opts.stock || q.kind !== 'click_collect' || !q.pickup || (await shortForCollection(executor, q.pickup.id, opts.stock)).size === 0) quoted.push(q);
  if (quoted.length === 0) throw badRequest(NOTHING_FITS);
  const services: QuotedWithDays[] = [];
  for (const q of quoted) services.push({ ...q, free: await freeWindows(executor, q.serviceId, q.days) });
  return { zone: { id: zone.id, name: zone.name }, postcode, services };
}

/** Shipping class and assembly fee of products, by id. */
export async function deliveryFactsOf(executor: Executor, productIds: number[]): Promise<Map<number, { shippingClass: QuoteLine['shippingClass']; assemblyFee: number }>> {
  if (productIds.length === 0) return new Map();
  const rows = await executor.select({ id: products.id, shippingClass: products.shippingClass, assemblyFee: products.assemblyFee }).from(products).where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, { shippingClass: r.shippingClass, assemblyFee: r.assemblyFee }]));
}

/** The quote as JSON (lib/delivery/contracts.ts deliveryQuoteJson), money in dollars. */
export function toQuoteJson(q: DeliveryQuote): DeliveryQuoteJson {
  return {
    zone: { zone_id: q.zone.id, name: q.zone.name },
    postcode: q.postcode,
    services: q.services.map((s) => ({
      service_id: s.serviceId,
      kind: s.kind,
      name: s.name,
      fee: toDecimal(s.deliveryFee),
      base_fee: toDecimal(s.baseFee),
      assembly_fee: toDecimal(s.assemblyFee),
      price: toDecimal(s.price),
      free_over: s.freeOver === null ? null : toDecimal(s.freeOver),
      earliest_date: s.earliestDate!,
      days: s.free,
      pickup: s.pickup ? { name: s.pickup.name, address: s.pickup.address, opening_hours: s.pickup.openingHours } : null,
    })),
  };
}
