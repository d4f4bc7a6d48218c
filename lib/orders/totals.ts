/**
 * The one rule for an order's amounts, used when an order is placed and whenever an admin edits
 * its items. All amounts are integer cents.
 */
import type { ShopSettings } from '@/lib/settings/queries';

export type Line = { unitPrice: number; quantity: number };
export type Totals = { subtotal: number; shippingFee: number; totalAmount: number };

/** Line total in cents. */
export const lineTotal = (line: Line) => line.unitPrice * line.quantity;

/**
 * subtotal = Σ unitPrice × quantity; shipping = the shipping_fee setting unless the subtotal reaches
 * free_shipping_threshold (or there is nothing to ship); total = subtotal + shipping.
 * Prices include GST (prices_include_gst), so no tax is added on top.
 */
export function computeTotals(lines: Line[], s: Pick<ShopSettings, 'shippingFeeCents' | 'freeShippingThresholdCents'>): Totals {
  const subtotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const free = subtotal === 0 || (s.freeShippingThresholdCents > 0 && subtotal >= s.freeShippingThresholdCents);
  const shippingFee = free ? 0 : s.shippingFeeCents;
  return { subtotal, shippingFee, totalAmount: subtotal + shippingFee };
}
