/** The columns of the Finance Center's lists (transactions, invoices, payouts); amounts in the store currency. */
import clsx from 'clsx';
import { BADGE_TONES } from '@/components/orders/status-badge';
import type { InvoiceJson, PayoutJson, TransactionJson } from '@/lib/finance/contracts';
import type { Column } from './finance-table';

function Pill({ tone, children }: { tone: 'good' | 'wait' | 'bad'; children: React.ReactNode }) {
  return (
    <span
      // The order badges' tones (contrast of at least 6:1).
      className={clsx('inline-block rounded-full px-2 py-0.5 text-xs font-medium', BADGE_TONES[tone])}
    >
      {children}
    </span>
  );
}

const DAY = 'whitespace-nowrap tabular-nums';
const AMOUNT = 'whitespace-nowrap text-right max-md:text-left tabular-nums';
type Money = (amount: number) => string;

export const transactionColumns = (money: Money): Column<TransactionJson>[] => [
  { label: 'Date', cell: (t) => t.date, className: DAY },
  { label: 'Description', cell: (t) => t.description, className: 'max-md:col-span-2' },
  { label: 'Reference', cell: (t) => t.reference ?? '—', className: 'whitespace-nowrap text-muted' },
  { label: 'Type', cell: (t) => <Pill tone={t.type === 'income' ? 'good' : 'bad'}>{t.type}</Pill> },
  { label: 'Amount', right: true, cell: (t) => `${t.type === 'expense' ? '−' : ''}${money(t.amount)}`, className: (t) => clsx(AMOUNT, t.type === 'expense' && 'text-danger') },
  // The GST in the amount, from the tax invoice or credit note (docs/gst-and-invoices.md); none for manual entries.
  { label: 'GST', right: true, cell: (t) => (t.gst === null ? '—' : `${t.type === 'expense' ? '−' : ''}${money(t.gst)}`), className: clsx(AMOUNT, 'text-muted') },
];

export const invoiceColumns = (money: Money): Column<InvoiceJson>[] => [
  { label: 'Invoice', cell: (i) => (i.number ? <a href={`/order/${i.order_id}/invoice`} className="text-brand underline-offset-2 hover:underline">{i.number}</a> : <span className="font-sans text-muted">Order #{i.order_id} · not paid</span>), className: 'whitespace-nowrap font-mono text-xs' },
  { label: 'Date', cell: (i) => i.date, className: DAY },
  { label: 'Customer', cell: (i) => i.customer ?? 'N/A' },
  { label: 'Amount', right: true, cell: (i) => money(i.amount), className: AMOUNT },
  { label: 'Status', cell: (i) => <Pill tone={i.status === 'paid' ? 'good' : i.status === 'pending' ? 'wait' : 'bad'}>{i.status}</Pill> },
];

export const payoutColumns = (money: Money): Column<PayoutJson>[] => [
  { label: 'Date', cell: (p) => p.date, className: DAY },
  { label: 'Recipient', cell: (p) => p.recipient },
  { label: 'Amount', right: true, cell: (p) => money(p.amount), className: AMOUNT },
  { label: 'Status', cell: (p) => <Pill tone={p.status === 'processed' ? 'good' : 'wait'}>{p.status}</Pill> },
];
