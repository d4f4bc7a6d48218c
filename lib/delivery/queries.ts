/**
 * Delivery reads that cached pages use: the served zones with their services and
 * the postcodes each wins, for the shipping rates of a product page's structured data and its
 * delivery line; every zone with its services for the Shipping page, the FAQ and the home page. Cached under
 * TAGS.delivery, which every delivery write of the back office revalidates (./admin.ts).
 */
import 'server-only';
import { unstable_cache } from 'next/cache';
import { db } from '@/db/client';
import { deliveryZones } from '@/db/schema';
import { TAGS } from '@/lib/catalog/tags';
import { zoneCoverage } from './coverage';
import type { ListingZone } from './listing-rates';
import type { ServiceRule } from './quote';
import { servicesByZone } from './service';
import type { ZoneRule } from './zones';

/** Every zone by sort order, with its services: two queries, whatever the number of zones. */
async function zonesWithServices() {
  const zones = (await db.select().from(deliveryZones)).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const services = await servicesByZone(db, zones.map((z) => z.id));
  return zones.map((z) => ({ zone: z, services: services.get(z.id)! }));
}

async function listingZonesUncached(): Promise<ListingZone[]> {
  const zones = await zonesWithServices();
  // Coverage over every zone: a zone that is not served still takes its postcodes from the others.
  const coverage = zoneCoverage(zones.map((z) => z.zone));
  return zones.filter(({ zone }) => zone.served).map(({ zone, services }) => ({ id: zone.id, name: zone.name, services, postcodes: coverage.get(zone.id) ?? [] }));
}

/**
 * The served zones (by sort order), each with its services (ServiceRule, cents) and the postcode runs
 * it is the zone of. Refreshed at most every five minutes without a write; a write revalidates it at once.
 */
export const getListingZones = unstable_cache(listingZonesUncached, ['delivery:listing-zones'], { tags: [TAGS.delivery], revalidate: 300 });

/** Every zone, served or not, with its own postcode ranges and lists and its services: the Shipping page's list. */
export type GuideZone = ZoneRule & { services: ServiceRule[] };

async function deliveryGuideUncached(): Promise<GuideZone[]> {
  return (await zonesWithServices()).map(({ zone: z, services }) => ({
    id: z.id,
    name: z.name,
    postcodeRanges: z.postcodeRanges,
    postcodes: z.postcodes,
    served: z.served,
    sortOrder: z.sortOrder,
    services: z.served ? services : [],
  }));
}

/**
 * Every zone by sort order (not served ones with no services), each with its services (ServiceRule,
 * cents): what the Shipping page, the FAQ and the home page say about delivery
 * (./shopper-copy.ts). Cached under TAGS.delivery like getListingZones, so an administrator's change
 * shows on those cached pages at their next request.
 */
export const getDeliveryGuide = unstable_cache(deliveryGuideUncached, ['delivery:guide'], { tags: [TAGS.delivery], revalidate: 300 });
