/**
 * The allocation rule (docs/stock.md "Allocation"), pure: which stock locations a delivered order
 * line is reserved from, in which order. The caller (lib/orders, through lib/delivery which knows
 * the zones) names the candidates — the locations that ship to the delivery address's zone — and
 * how near each is; this ranks them and splits the quantity.
 */

/** A location that ships to the address's zone, and how near it is to the address. */
export type Candidate = {
  locationId: number;
  /** The location's own postcode falls in the address's zone. */
  sameZone: boolean;
  /** |location postcode − address postcode| as numbers; null when the location has no postcode (ranked last of its group). */
  distance: number | null;
};

/** A candidate with the units of the product it has available (on hand − reserved). */
export type Ranked = Candidate & { available: number };

/**
 * Nearest first, then most stock: locations in the address's zone before the others, then the
 * smaller postcode difference, then more units available, then the lower id (stable).
 */
export function rankLocations(candidates: Ranked[]): Ranked[] {
  const far = (d: number | null) => (d === null ? Number.POSITIVE_INFINITY : d);
  return [...candidates].sort(
    (a, b) => Number(b.sameZone) - Number(a.sameZone) || far(a.distance) - far(b.distance) || b.available - a.available || a.locationId - b.locationId,
  );
}

/**
 * The plan for `quantity` units: the first ranked location that holds them all; when none does,
 * the line splits over the ranked locations in turn, each giving what it has. `short` > 0 when
 * they hold fewer than asked together (the caller refuses the line).
 */
export function planAllocation(ranked: Ranked[], quantity: number): { takes: { locationId: number; quantity: number }[]; short: number } {
  const whole = ranked.find((c) => c.available >= quantity);
  if (whole) return { takes: [{ locationId: whole.locationId, quantity }], short: 0 };
  const takes: { locationId: number; quantity: number }[] = [];
  let left = quantity;
  for (const c of ranked) {
    if (left === 0) break;
    const q = Math.min(left, c.available);
    if (q > 0) {
      takes.push({ locationId: c.locationId, quantity: q });
      left -= q;
    }
  }
  return { takes, short: left };
}

/** How near a location's postcode is to the address's: the numeric difference of the four digits (null when either is not a postcode). */
export function postcodeDistance(locationPostcode: string, addressPostcode: string): number | null {
  if (!/^\d{3,4}$/.test(locationPostcode.trim()) || !/^\d{3,4}$/.test(addressPostcode.trim())) return null;
  return Math.abs(Number(locationPostcode) - Number(addressPostcode));
}
