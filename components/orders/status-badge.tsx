/**
 * Order status and payment state as small labelled badges (docs/architecture.md "Order status"),
 * for customers and the back office alike. The tones are solid colours chosen for contrast: each
 * text reads at least 6:1 on its tint (WCAG AA asks 4.5:1; the old translucent tints gave "Shipped"
 * 3.65:1 and "paid" 4.42:1).
 */
import clsx from 'clsx';
import type { OrderJson } from '@/lib/orders/mappers';

/** Tint and text of each tone; `good` and `bad` are also the finance table's income and expense. */
export const BADGE_TONES = {
  wait: 'bg-[#fbf3e4] text-[#6b4500]',
  busy: 'bg-brand-soft text-brand-dark',
  moving: 'bg-[#e6eef7] text-[#27507a]',
  good: 'bg-[#e6f2ea] text-[#1d5e38]',
  bad: 'bg-[#fbeceb] text-[#9b1c16]',
  quiet: 'bg-[#f1eee8] text-[#4f5853]',
} as const;

const STATUS: Record<OrderJson['status'], string> = {
  pending: BADGE_TONES.wait,
  processing: BADGE_TONES.busy,
  shipped: BADGE_TONES.moving,
  delivered: BADGE_TONES.good,
  cancelled: BADGE_TONES.quiet,
  ready_for_collection: BADGE_TONES.moving,
  collected: BADGE_TONES.good,
};

const PAYMENT: Record<OrderJson['payment_status'], string> = {
  unpaid: BADGE_TONES.bad,
  paid: BADGE_TONES.good,
  partially_refunded: BADGE_TONES.wait,
  refunded: BADGE_TONES.quiet,
};

const label = (s: string) => (s.charAt(0).toUpperCase() + s.slice(1)).replace(/_/g, ' ');

export function StatusBadge({ status }: { status: OrderJson['status'] }) {
  return <span className={clsx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium', STATUS[status])}>{label(status)}</span>;
}

/** `quiet` tones an unpaid badge down where nothing is owed (a cancelled order). */
export function PaymentBadge({ status, quiet = false }: { status: OrderJson['payment_status']; quiet?: boolean }) {
  return <span className={clsx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium', quiet && status === 'unpaid' ? BADGE_TONES.quiet : PAYMENT[status])}>{label(status)}</span>;
}
