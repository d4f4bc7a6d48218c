/** Order status and payment state as small labelled badges (docs/architecture.md "Order status"). */
import clsx from 'clsx';
import type { OrderJson } from '@/lib/orders/mappers';

const STATUS: Record<OrderJson['status'], string> = {
  pending: 'bg-[#fbf3e4] text-warning',
  processing: 'bg-brand-soft text-brand-dark',
  shipped: 'bg-[#e6eef7] text-[#27507a]',
  delivered: 'bg-success/10 text-success',
  cancelled: 'bg-canvas text-muted',
};

const PAYMENT: Record<OrderJson['payment_status'], string> = {
  unpaid: 'bg-danger/10 text-danger',
  paid: 'bg-success/10 text-success',
  refunded: 'bg-canvas text-muted',
};

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function StatusBadge({ status }: { status: OrderJson['status'] }) {
  return <span className={clsx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium', STATUS[status])}>{label(status)}</span>;
}

/** `quiet` tones an unpaid badge down where nothing is owed (a cancelled order). */
export function PaymentBadge({ status, quiet = false }: { status: OrderJson['payment_status']; quiet?: boolean }) {
  return <span className={clsx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium', quiet && status === 'unpaid' ? 'bg-canvas text-muted' : PAYMENT[status])}>{label(status)}</span>;
}
