/**
 * The one pricing rule of a discount code (docs/discounts.md). Pure and
 * browser-safe; amounts in integer cents. computeTotals (lib/pricing/totals.ts) calls it, so the
 * cart-free preview, order creation and an administrator's item edits all price a code the same
 * way; whether a code may be used at all (active, dates, use limits) is lib/discounts/service.ts'.
 *
 * - Only eligible lines count: every line for a code without categories, else the lines whose
 *   product is in one of the code's categories or their subcategories (the caller marks them).
 * - percent: round(eligible × basis points / 10 000), halves up, once per order (never per line).
 * - fixed: the code's cents.
 * - Never more than the eligible goods: the discount cannot take an order below zero, and never
 *   touches delivery.
 * - The minimum spend is on the eligible goods before the discount.
 */

import type { DiscountKind } from '@/db/statuses';

export type { DiscountKind };

export type DiscountRule = {
  kind: DiscountKind;
  /** percent: basis points (1000 = 10 %); fixed: cents. */
  value: number;
  /** Cents of eligible goods the order must reach (0: none). */
  minSpendCents: number;
};

/** A priced line; `eligible` false keeps it out of the discount (default: eligible). */
export type DiscountLine = { unitPrice: number; quantity: number; eligible?: boolean };

export type DiscountPrice = {
  /** Cents of goods the code applies to. */
  eligibleCents: number;
  /** Cents taken off (0 when the minimum spend is not met). */
  discountCents: number;
  /** False when the eligible goods are below the code's minimum spend. */
  minSpendMet: boolean;
};

/** Basis points in a percentage: 10 % → 1000. */
export const PERCENT_BASIS = 100;

/**
 * Prices a code on the order's lines.
 * @param lines unit price (cents) × quantity, with `eligible` set by the code's categories
 * @param rule the code's kind, value and minimum spend
 * @returns eligible goods, the discount (0 ≤ discount ≤ eligible goods) and whether the minimum spend is met
 */
export function priceDiscount(lines: DiscountLine[], rule: DiscountRule): DiscountPrice {
  const eligibleCents = lines.reduce((sum, l) => (l.eligible === false ? sum : sum + l.unitPrice * l.quantity), 0);
  const minSpendMet = eligibleCents > 0 && eligibleCents >= rule.minSpendCents;
  if (!minSpendMet || !Number.isFinite(rule.value) || rule.value <= 0) return { eligibleCents, discountCents: 0, minSpendMet };
  const raw = rule.kind === 'percent' ? Math.floor((2 * eligibleCents * Math.min(rule.value, 10_000) + 10_000) / 20_000) : Math.round(rule.value);
  return { eligibleCents, discountCents: Math.min(raw, eligibleCents), minSpendMet };
}

/**
 * Splits an order's discount over its lines in proportion to their eligible amounts (ineligible
 * lines get 0), in whole cents that add up to exactly `discountCents` (largest remainder), so each
 * line knows what it was paid (refunds of lines give back what was paid for them).
 * @returns one share (cents) per line, in the lines' order
 */
export function allocateDiscount(lines: DiscountLine[], discountCents: number): number[] {
  const amounts = lines.map((l) => (l.eligible === false ? 0 : l.unitPrice * l.quantity));
  const base = amounts.reduce((s, a) => s + a, 0);
  if (discountCents <= 0 || base <= 0) return lines.map(() => 0);
  const exact = amounts.map((a) => (a * discountCents) / base);
  const shares = exact.map(Math.floor);
  let left = discountCents - shares.reduce((s, a) => s + a, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    if (amounts[i] > shares[i]) {
      shares[i] += 1;
      left -= 1;
    }
  }
  return shares;
}

/**
 * What `units` units of a line cost the customer after its discount share, given `before` units of
 * it were already accounted for (refunded): round(paid × (before + units) / quantity) −
 * round(paid × before / quantity), so the units of a line always add up to exactly what it was paid.
 * Without a discount that is unitPrice × units.
 */
export function paidForUnits(line: { totalPrice: number; discountCents: number; quantity: number }, before: number, units: number): number {
  const paid = line.totalPrice - line.discountCents;
  const upTo = (k: number) => Math.round((paid * k) / line.quantity);
  return upTo(before + units) - upTo(before);
}

/** How a code reads to a shopper: "10% off" or "$25.00 off" (`money` formats cents). */
export function describeDiscount(rule: Pick<DiscountRule, 'kind' | 'value'>, money: (cents: number) => string): string {
  if (rule.kind === 'percent') return `${Number((rule.value / PERCENT_BASIS).toFixed(2))}% off`;
  return `${money(rule.value)} off`;
}
