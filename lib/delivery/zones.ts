/**
 * Which delivery zone a New Zealand address falls in (docs/delivery.md). Pure.
 *
 * A postcode is four digits. A zone's listed postcodes beat any range (so Waiheke's 1081 is the
 * Islands zone, not Auckland's 1010–1072 … ranges); among ranges the narrowest containing one wins
 * (Auckland's 0600–0699 over North Island provincial 0100–6999); ties go to the lower sort order.
 */
import type { PostcodeRange } from '@/db/schema';

export type ZoneRule = { id: number; name: string; postcodeRanges: PostcodeRange[]; postcodes: string[]; served: boolean; sortOrder: number };

const NZ_NAMES = new Set(['new zealand', 'nz', 'aotearoa', 'aotearoa new zealand', 'new zealand aotearoa']);

/** Whether a country as typed names New Zealand ("New Zealand", "NZ", "Aotearoa"). */
export const isNewZealand = (country: string | null | undefined) => NZ_NAMES.has((country ?? '').trim().toLowerCase().replace(/[^a-z ]/g, '').replace(/\s+/g, ' '));

/** The postcode as four digits ("600" → "0600"), or null when it is not a New Zealand postcode. */
export function normalisePostcode(raw: string | null | undefined): string | null {
  const digits = (raw ?? '').replace(/\s+/g, '');
  if (!/^\d{3,4}$/.test(digits)) return null;
  return digits.padStart(4, '0');
}

/** The zone of a four-digit postcode (listed postcodes first, then the narrowest range), or null when none covers it. */
export function zoneFor<Z extends ZoneRule>(postcode: string, zones: Z[]): Z | null {
  const sorted = [...zones].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const listed = sorted.find((z) => z.postcodes.includes(postcode));
  if (listed) return listed;
  const n = Number(postcode);
  let best: { zone: Z; width: number } | null = null;
  for (const zone of sorted) {
    for (const r of zone.postcodeRanges) {
      if (n < r.from || n > r.to) continue;
      const width = r.to - r.from;
      if (!best || width < best.width) best = { zone, width };
    }
  }
  return best?.zone ?? null;
}
