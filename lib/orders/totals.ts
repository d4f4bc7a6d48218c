/**
 * The one rule for an order's amounts, used by the cart, the order confirmation, order creation
 * and whenever an admin edits an order's items. All amounts are integer cents.
 */
import type { ShopSettings } from '@/lib/settings/queries';
import { orderGst, type GstRule } from './gst';
import { priceDiscount, type DiscountLine, type DiscountRule } from './discounts';

/** A priced line; `eligible` false keeps it out of a discount code's reach (lib/orders/discounts.ts). */
export type Line = DiscountLine;
export type Totals = {
  /** Goods before any discount. */
  subtotal: number;
  /** Cents a discount code takes off the goods (0 without one, or below its minimum spend). */
  discount: number;
  shippingFee: number;
  /** GST of the whole order (goods and delivery), rounded once (lib/orders/gst.ts). */
  gst: number;
  /** What the customer pays. */
  totalAmount: number;
};

/** The settings the totals depend on. */
export type TotalsRule = Pick<ShopSettings, 'shippingFeeCents' | 'freeShippingThresholdCents'> & GstRule;

/** Line total in cents. */
export const lineTotal = (line: Line) => line.unitPrice * line.quantity;

/**
 * subtotal = Σ unitPrice × quantity; discount = the code's price on the eligible lines
 * (priceDiscount, lib/orders/discounts.ts; 0 without a code); shipping = the shipping_fee setting
 * unless the goods AFTER the discount reach free_shipping_threshold (or there is nothing to ship —
 * README Decisions "Discount codes"); GST on subtotal − discount + shipping by orderGst()
 * (contained in it when prices include GST, else added on top); total = what the customer pays.
 * Any later change to what is charged (a delivery fee by zone) goes into the amount handed to
 * orderGst() here, so the GST is always that of what the customer actually pays.
 * @param lines unit price (cents) × quantity, `eligible` marking the lines a code applies to
 * @param discount the code's rule, or null/undefined for none
 */
export function computeTotals(lines: Line[], s: TotalsRule, discount?: DiscountRule | null): Totals {
  const subtotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const off = discount ? priceDiscount(lines, discount).discountCents : 0;
  const goods = subtotal - off;
  const free = subtotal === 0 || (s.freeShippingThresholdCents > 0 && goods >= s.freeShippingThresholdCents);
  const shippingFee = free ? 0 : s.shippingFeeCents;
  const { gst, total } = orderGst(goods + shippingFee, s);
  return { subtotal, discount: off, shippingFee, gst, totalAmount: total };
}
