/**
 * A product's availability in words, from its stock at each location (docs/stock.md "On the
 * product page"): where it is delivered from, and which showrooms customers can collect it from
 * today and how many are left there. Cached with the product's own read (TAGS.product), so every
 * stock move of an order drops it with the product (lib/catalog/read/cache.ts invalidateProductStock).
 */
import 'server-only';
import { unstable_cache } from 'next/cache';
import { db } from '@/db/client';
import { TAGS } from '@/lib/catalog/tags';
import { REVALIDATE } from '@/lib/catalog/read/queries';
import { availabilityOf, type LocationAvailability } from '@/lib/stock/reservations';

/** One line of the availability, in words; `tone` says whether it is a way to have it now. */
export type AvailabilityLine = { kind: 'delivery' | 'collect' | 'order'; text: string };

/**
 * The words (pure): "In stock — delivery from {location}" for the location an order would most
 * likely ship from (the default location when it has units, else the shipping location with the
 * most); "Collect today at {location}: N left" for each location customers may collect from that
 * has units ("Collect from {location}: N left" where collection is not the same day); "Available to order" when units are held only where neither applies. Nothing for a
 * product out of stock (the page says so already).
 */
export function availabilityWords(locations: Pick<LocationAvailability, 'name' | 'available' | 'isDefault' | 'ships' | 'collect' | 'collectLeadDays'>[]): AvailabilityLine[] {
  const stocked = locations.filter((l) => l.available > 0);
  if (stocked.length === 0) return [];
  const lines: AvailabilityLine[] = [];
  const shipping = stocked.filter((l) => l.ships);
  const from = shipping.find((l) => l.isDefault) ?? [...shipping].sort((a, b) => b.available - a.available)[0];
  if (from) lines.push({ kind: 'delivery', text: `In stock — delivery from ${from.name}` });
  for (const l of stocked.filter((s) => s.collect)) lines.push({ kind: 'collect', text: `${l.collectLeadDays === 0 ? 'Collect today at' : 'Collect from'} ${l.name}: ${l.available} left` });
  if (lines.length === 0) lines.push({ kind: 'order', text: 'Available to order' });
  return lines;
}

/** The availability of a live product in words (see availabilityWords), cached with the product's read. */
export function getProductAvailability(productId: number): Promise<AvailabilityLine[]> {
  return unstable_cache(async () => availabilityWords(await availabilityOf(db, productId)), ['catalog:availability', String(productId)], { tags: [TAGS.product(productId)], revalidate: REVALIDATE })();
}
