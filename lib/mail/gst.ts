/**
 * The GST contained in a GST-inclusive amount (README "Mail": NZ prices include GST, so an order's
 * e-mail says "includes GST of $X"). Pure, browser-safe.
 */

/**
 * Cents of GST included in `totalCents` at `ratePercent` (15 in New Zealand → total × 3/23),
 * rounded to the nearest cent (halves up). 0 for a zero, negative or non-finite total or rate.
 */
export function gstIncluded(totalCents: number, ratePercent: number): number {
  if (!Number.isFinite(totalCents) || !Number.isFinite(ratePercent) || totalCents <= 0 || ratePercent <= 0) return 0;
  if (Number.isInteger(totalCents) && Number.isInteger(ratePercent)) {
    // Integer arithmetic: round(t·r / (100 + r)) = floor((2·t·r + (100 + r)) / (2·(100 + r))).
    const d = 100 + ratePercent;
    return Math.floor((2 * totalCents * ratePercent + d) / (2 * d));
  }
  return Math.round((totalCents * ratePercent) / (100 + ratePercent));
}
