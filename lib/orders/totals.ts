/**
 * The one rule for an order's amounts, used by the cart, the order confirmation, order creation
 * and whenever an admin edits an order's items. All amounts are integer cents.
 */
import type { ShopSettings } from '@/lib/settings/queries';
import { orderGst, type GstRule } from './gst';

export type Line = { unitPrice: number; quantity: number };
export type Totals = {
  subtotal: number;
  /** The delivery fee (issue 24: the quoted service's, else the flat setting). */
  shippingFee: number;
  /** Assembly by the two-person-with-assembly service (issue 24); 0 otherwise. */
  assemblyFee: number;
  /** GST of the whole order (goods and delivery), rounded once (lib/orders/gst.ts). */
  gst: number;
  /** What the customer pays. */
  totalAmount: number;
};

/**
 * The settings the totals depend on: the delivery fee and the goods amount from which it is waived
 * (0 = never) — the flat settings, or a quoted delivery service's (deliveryRule) — plus any assembly
 * fee (never waived) and the GST rule.
 */
export type TotalsRule = Pick<ShopSettings, 'shippingFeeCents' | 'freeShippingThresholdCents'> & GstRule & { assemblyFeeCents?: number };

/**
 * The TotalsRule part of a quoted delivery service (lib/orders/delivery/quote.ts): its fee with bulky
 * surcharges, its free-over amount (null → never; 0 → always free) and its assembly fee, cents.
 */
export function deliveryRule(q: { baseFee: number; freeOver: number | null; assemblyFee: number }): Pick<TotalsRule, 'shippingFeeCents' | 'freeShippingThresholdCents' | 'assemblyFeeCents'> {
  return { shippingFeeCents: q.freeOver === 0 ? 0 : q.baseFee, freeShippingThresholdCents: q.freeOver ?? 0, assemblyFeeCents: q.assemblyFee };
}

/** Line total in cents. */
export const lineTotal = (line: Line) => line.unitPrice * line.quantity;

/**
 * subtotal = Σ unitPrice × quantity; shipping = the rule's delivery fee (a quoted service's, issue 24;
 * else the shipping_fee setting) unless the subtotal reaches its free-over amount (or there is nothing
 * to ship); assembly = the rule's assembly fee; GST on subtotal + shipping + assembly by orderGst()
 * (contained in it when prices include GST, else added on top); total = what the customer pays.
 * Any later change to what is charged (a discount, a delivery fee by zone) goes into the amount
 * handed to orderGst() here, so the GST is always that of what the customer actually pays.
 */
export function computeTotals(lines: Line[], s: TotalsRule): Totals {
  const subtotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const free = subtotal === 0 || (s.freeShippingThresholdCents > 0 && subtotal >= s.freeShippingThresholdCents);
  const shippingFee = free ? 0 : s.shippingFeeCents;
  const assemblyFee = lines.length === 0 ? 0 : (s.assemblyFeeCents ?? 0);
  const { gst, total } = orderGst(subtotal + shippingFee + assemblyFee, s);
  return { subtotal, shippingFee, assemblyFee, gst, totalAmount: total };
}
