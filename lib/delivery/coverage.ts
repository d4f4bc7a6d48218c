/**
 * Which postcodes each delivery zone actually serves, as contiguous runs (the
 * shippingDestination of a product's merchant-listing markup). Pure.
 *
 * A zone's own ranges overlap others (North Island provincial 0100–6999 holds Auckland's 0600–0699,
 * and Rural's listed postcodes sit inside both), and zoneFor (./zones.ts) settles each postcode by
 * its rule. A search engine reading several destinations that overlap cannot know that rule, so each
 * zone is described by the postcodes zoneFor gives it — every four-digit postcode asked once — and
 * the destinations never overlap.
 */
import { zoneFor, type ZoneRule } from './zones';

/** Inclusive run of four-digit postcodes, as numbers (600 = "0600"). */
export type PostcodeRun = { from: number; to: number };

/** Every zone id → the runs of postcodes it is the zone of, ascending. Zones that win no postcode get []. */
export function zoneCoverage(zones: ZoneRule[]): Map<number, PostcodeRun[]> {
  const runs = new Map<number, PostcodeRun[]>(zones.map((z) => [z.id, []]));
  for (let n = 0; n <= 9999; n++) {
    const zone = zoneFor(String(n).padStart(4, '0'), zones);
    if (!zone) continue;
    const list = runs.get(zone.id)!;
    const last = list[list.length - 1];
    if (last && last.to === n - 1) last.to = n;
    else list.push({ from: n, to: n });
  }
  return runs;
}
