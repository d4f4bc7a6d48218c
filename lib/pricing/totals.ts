/**
 * The one rule for an order's amounts, used by the cart, the order confirmation, order creation
 * and whenever an admin edits an order's items. All amounts are integer cents.
 *
 * lib/pricing (this, gst.ts, discounts.ts) is the pure arithmetic of an order's money, apart from
 * lib/orders so that the domains under orders — discount codes (their preview), finance (credit
 * notes) — price the same way without importing orders.
 */
import { orderGst, type GstRule } from './gst';
import { priceDiscount, type DiscountLine, type DiscountRule } from './discounts';

/** A priced line; `eligible` false keeps it out of a discount code's reach (lib/pricing/discounts.ts). */
export type Line = DiscountLine;
export type Totals = {
  /** Goods before any discount. */
  subtotal: number;
  /** Cents a discount code takes off the goods (0 without one, or below its minimum spend). */
  discount: number;
  /** The delivery fee (the quoted service's). */
  shippingFee: number;
  /** Assembly by the two-person-with-assembly service; 0 otherwise. */
  assemblyFee: number;
  /** GST of the whole order (goods and delivery), rounded once (lib/pricing/gst.ts). */
  gst: number;
  /** What the customer pays. */
  totalAmount: number;
};

/**
 * What the totals depend on: the delivery fee and the goods amount from which it is waived (0 =
 * never), both cents — a quoted delivery service's (deliveryRule; the delivery zones are the only
 * source of delivery prices, docs/delivery.md) — plus any assembly fee (never waived) and the GST rule.
 */
export type TotalsRule = { shippingFeeCents: number; freeShippingThresholdCents: number; assemblyFeeCents?: number } & GstRule;

/** The delivery part of a TotalsRule for goods alone (no delivery priced yet). */
export const NO_DELIVERY = { shippingFeeCents: 0, freeShippingThresholdCents: 0 } as const;

/**
 * The TotalsRule part of a quoted delivery service (lib/delivery/quote.ts): its fee with bulky
 * surcharges, its free-over amount (null → never; 0 → always free) and its assembly fee, cents.
 */
export function deliveryRule(q: { baseFee: number; freeOver: number | null; assemblyFee: number }): Pick<TotalsRule, 'shippingFeeCents' | 'freeShippingThresholdCents' | 'assemblyFeeCents'> {
  return { shippingFeeCents: q.freeOver === 0 ? 0 : q.baseFee, freeShippingThresholdCents: q.freeOver ?? 0, assemblyFeeCents: q.assemblyFee };
}

/** Line total in cents. */
export const lineTotal = (line: Line) => line.unitPrice * line.quantity;

/**
 * subtotal = Σ unitPrice × quantity; discount = the code's price on the eligible lines
 * (priceDiscount, lib/pricing/discounts.ts; 0 without a code); shipping = the rule's delivery fee (a
 * quoted service's) unless the goods AFTER the discount
 * reach its free-over amount (or there is nothing to ship — docs/discounts.md);
 * assembly = the rule's assembly fee, never waived; GST on subtotal − discount + shipping + assembly by orderGst()
 * (contained in it when prices include GST, else added on top); total = what the customer pays.
 * Any later change to what is charged goes into the amount handed to orderGst() here, so the GST is
 * always that of what the customer actually pays.
 * @param lines unit price (cents) × quantity, `eligible` marking the lines a code applies to
 * @param discount the code's rule, or null/undefined for none
 */
export function computeTotals(lines: Line[], s: TotalsRule, discount?: DiscountRule | null): Totals {
  const subtotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const off = discount ? priceDiscount(lines, discount).discountCents : 0;
  const goods = subtotal - off;
  const free = subtotal === 0 || (s.freeShippingThresholdCents > 0 && goods >= s.freeShippingThresholdCents);
  const shippingFee = free ? 0 : s.shippingFeeCents;
  const assemblyFee = lines.length === 0 ? 0 : (s.assemblyFeeCents ?? 0);
  const { gst, total } = orderGst(goods + shippingFee + assemblyFee, s);
  return { subtotal, discount: off, shippingFee, assemblyFee, gst, totalAmount: total };
}
