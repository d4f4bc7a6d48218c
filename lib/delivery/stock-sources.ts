/**
 * Where an order's units may come from, by its delivery (docs/stock.md "Allocation"): lib/delivery
 * knows the zones, lib/stock the locations and levels. A delivery draws on the locations that ship
 * to the address's zone, each marked with how near it is; click & collect only on the stock
 * location of the service's pickup location.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { deliveryServices, deliveryZones } from '@/db/schema';
import { postcodeDistance, type Candidate } from '@/lib/stock/allocation';
import { collectLocationOf, defaultLocationId, locationsShippingTo, shortAt } from '@/lib/stock/reservations';
import { normalisePostcode, zoneFor } from './zones';

/**
 * The candidates of a delivery to `postcode` in zone `zoneId`: the locations (not archived) that
 * ship to the zone; a location whose own postcode lies in that zone counts as in it, and the
 * distance is the postcodes' numeric difference (lib/stock/allocation.ts rankLocations).
 */
export async function deliveryCandidates(executor: Executor, zoneId: number, postcode: string): Promise<Candidate[]> {
  const locations = await locationsShippingTo(executor, zoneId);
  if (locations.length === 0) return [];
  const zones = await executor.select().from(deliveryZones);
  return locations.map((l) => {
    const own = normalisePostcode(l.postcode);
    return { locationId: l.id, sameZone: own !== null && zoneFor(own, zones)?.id === zoneId, distance: own === null ? null : postcodeDistance(own, postcode) };
  });
}

/**
 * The stock location customers collect from at a pickup location: its own stock location, or —
 * for a pickup location that has none yet — the default location, as before stock locations.
 */
export async function collectLocationId(executor: Executor, pickupLocationId: number): Promise<number> {
  return (await collectLocationOf(executor, pickupLocationId))?.id ?? (await defaultLocationId(executor));
}

/** The stock location a click & collect service collects from (null when the service has no pickup location). */
export async function collectLocationOfService(executor: Executor, serviceId: number): Promise<number | null> {
  const [service] = await executor.select({ pickupId: deliveryServices.pickupLocationId }).from(deliveryServices).where(eq(deliveryServices.id, serviceId));
  return service?.pickupId ? collectLocationId(executor, service.pickupId) : null;
}

/**
 * Whether customers can collect every line at a pickup location: the products its stock location
 * is short of (id → units available there); empty when it holds them all.
 */
export async function shortForCollection(executor: Executor, pickupLocationId: number, lines: { productId: number; quantity: number }[]): Promise<Map<number, number>> {
  return shortAt(executor, await collectLocationId(executor, pickupLocationId), lines);
}
