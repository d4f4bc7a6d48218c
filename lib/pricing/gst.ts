/**
 * The one GST rule of the shop (docs/gst-and-invoices.md). Every figure of GST the
 * shop stores, shows or prints comes from here: order totals (lib/pricing/totals.ts, which the
 * cart, order confirmation, order creation and the admin's item edits share), and the GST of a
 * credit note (lib/finance/tax-documents.ts). Pure and browser-safe; amounts in integer cents.
 *
 * - Prices include GST (`prices_include_gst` true, New Zealand's usual way): the customer pays the
 *   amount as priced and it contains GST = amount × rate / (100 + rate) (3/23 at 15 %).
 * - Prices exclude GST (false): GST = amount × rate / 100 is added on top, and the customer pays
 *   amount + GST.
 * Rounded once per order, to the nearest cent (halves up), never per line. The rate may have two
 * decimals (12.5 %); the arithmetic is done in whole numbers so no float error can flip a cent.
 */

export type GstRule = {
  /** The GST rate in percent, e.g. 15; 0 or less means no GST. */
  gstRatePercent: number;
  /** true: catalogue prices contain GST; false: GST is added at checkout. */
  pricesIncludeGst: boolean;
};

/** round(n / d) for non-negative whole n and positive whole d, halves up, in exact integer arithmetic. */
function roundDiv(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** The rate in hundredths of a percent (15 → 1500, 12.5 → 1250); 0 for no or a bad rate. */
function basisPoints(ratePercent: number): number {
  if (!Number.isFinite(ratePercent) || ratePercent <= 0) return 0;
  return Math.round(ratePercent * 100);
}

/**
 * Cents of GST contained in a GST-inclusive amount: round(amount × rate / (100 + rate)).
 * 0 for a zero, negative or non-finite amount, or no rate.
 */
export function gstContainedIn(amountCents: number, ratePercent: number): number {
  const bp = basisPoints(ratePercent);
  if (!Number.isFinite(amountCents) || amountCents <= 0 || bp === 0) return 0;
  return roundDiv(Math.round(amountCents) * bp, 10_000 + bp);
}

/**
 * What the customer paid for `cents` of an order's priced goods or delivery: GST added when the
 * order's prices excluded it (the order keeps its own GST rule). Cents in, cents out.
 */
export function chargedWithGst(order: { pricesIncludeGst: boolean; gstRatePercent: number }, cents: number): number {
  return order.pricesIncludeGst ? cents : cents + gstAddedTo(cents, order.gstRatePercent);
}

/** Cents of GST to add to a GST-exclusive amount: round(amount × rate / 100). 0 as above. */
export function gstAddedTo(amountCents: number, ratePercent: number): number {
  const bp = basisPoints(ratePercent);
  if (!Number.isFinite(amountCents) || amountCents <= 0 || bp === 0) return 0;
  return roundDiv(Math.round(amountCents) * bp, 10_000);
}

/**
 * GST of the amount the customer is charged for (goods and delivery, after any discount), by the
 * shop's rule.
 * @param taxableCents the priced amount: GST-inclusive when `rule.pricesIncludeGst`, else before GST
 * @returns `gst` (cents of GST) and `total` (cents the customer pays: the amount itself when prices
 *   include GST, the amount plus GST when they do not)
 */
export function orderGst(taxableCents: number, rule: GstRule): { gst: number; total: number } {
  if (rule.pricesIncludeGst) return { gst: gstContainedIn(taxableCents, rule.gstRatePercent), total: taxableCents };
  const gst = gstAddedTo(taxableCents, rule.gstRatePercent);
  return { gst, total: taxableCents + gst };
}

/**
 * The GST a credit note gives back, so that the invoice's GST minus every credit note's GST is
 * always the GST contained in what the shop kept (what was paid minus everything refunded):
 * GST(kept before this refund) − GST(kept after it), both as GST-inclusive amounts (a refund gives
 * back money the customer paid, GST included). A full refund therefore gives back exactly the
 * invoice's GST, whichever way the order was priced.
 * @param invoiceGstCents the GST the tax invoice states
 * @param paidCents what the customer paid (the invoice total)
 * @param refundedBeforeCents refunded before this refund
 * @param refundCents this refund
 */
export function creditNoteGst(invoiceGstCents: number, paidCents: number, refundedBeforeCents: number, refundCents: number, ratePercent: number): number {
  const keptGst = (refunded: number) => {
    const kept = paidCents - refunded;
    if (kept <= 0) return 0;
    // Nothing refunded yet: the invoice's own figure (it may be the exclusive-pricing rounding).
    if (refunded <= 0) return invoiceGstCents;
    return Math.min(invoiceGstCents, gstContainedIn(kept, ratePercent));
  };
  return keptGst(refundedBeforeCents) - keptGst(refundedBeforeCents + refundCents);
}
