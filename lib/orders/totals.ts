/**
 * The one rule for an order's amounts, used by the cart, the order confirmation, order creation
 * and whenever an admin edits an order's items. All amounts are integer cents.
 */
import type { ShopSettings } from '@/lib/settings/queries';
import { orderGst, type GstRule } from './gst';

export type Line = { unitPrice: number; quantity: number };
export type Totals = {
  subtotal: number;
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
 * subtotal = Σ unitPrice × quantity; shipping = the shipping_fee setting unless the subtotal reaches
 * free_shipping_threshold (or there is nothing to ship); GST on subtotal + shipping by orderGst()
 * (contained in it when prices include GST, else added on top); total = what the customer pays.
 * Any later change to what is charged (a discount, a delivery fee by zone) goes into the amount
 * handed to orderGst() here, so the GST is always that of what the customer actually pays.
 */
export function computeTotals(lines: Line[], s: TotalsRule): Totals {
  const subtotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const free = subtotal === 0 || (s.freeShippingThresholdCents > 0 && subtotal >= s.freeShippingThresholdCents);
  const shippingFee = free ? 0 : s.shippingFeeCents;
  const { gst, total } = orderGst(subtotal + shippingFee, s);
  return { subtotal, shippingFee, gst, totalAmount: total };
}
