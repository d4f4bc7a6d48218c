'use client';
/**
 * Finance Center (spec §2, beyond the spec's sample data): tabs for the transaction history (with
 * the add-transaction form), invoices and payouts (with the add-payout form), and the Generate
 * Financial Report form that downloads a CSV for a date range. Amounts in the store currency.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import * as Tabs from '@radix-ui/react-tabs';
import clsx from 'clsx';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ApiError, apiFetch, errorMessage, readApiResponse, toastFailure } from '@/components/admin/admin-api';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/admin/button';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { Pager } from '@/components/admin/pager';
import type { InvoiceJson, Paged, PayoutJson, TransactionJson } from '@/lib/finance/service';
import { formatMoney } from '@/lib/money';
import { financeTransactionSchema, payoutSchema, reportRangeSchema } from '@/lib/finance/schemas';

type Props = {
  currency: string;
  today: string;
  transactions: Paged<'transactions', TransactionJson>;
  invoices: Paged<'invoices', InvoiceJson>;
  payouts: Paged<'payouts', PayoutJson>;
};

const tabClass =
  'rounded-lg px-3 py-1.5 text-sm text-muted transition-colors hover:text-ink data-[state=active]:bg-surface data-[state=active]:font-medium data-[state=active]:text-ink data-[state=active]:shadow-sm';

function Pill({ tone, children }: { tone: 'good' | 'wait' | 'bad'; children: React.ReactNode }) {
  return (
    <span
      className={clsx(
        'inline-block rounded-full px-2 py-0.5 text-xs font-medium',
        tone === 'good' && 'bg-success/10 text-success',
        tone === 'wait' && 'bg-warning/10 text-warning',
        tone === 'bad' && 'bg-danger/10 text-danger',
      )}
    >
      {children}
    </span>
  );
}

/** A paged list fetched from /api/finance/{what}, starting from the server's first page. */
function usePaged<T>(initial: T, url: string) {
  const [data, setData] = useState(initial);
  const [loading, setLoading] = useState(false);
  async function load(page: number) {
    setLoading(true);
    try {
      setData(await apiFetch<T>(`${url}?page=${page}`));
    } catch (e) {
      console.error('[admin] finance page failed', e);
      toast.error('Failed to load this page. Please try again.');
    } finally {
      setLoading(false);
    }
  }
  return { data, loading, load };
}

export function FinanceCenter({ currency, today, transactions, invoices, payouts }: Props) {
  const money = (n: number) => formatMoney(n, currency);
  return (
    <div className="space-y-6">
      <ReportForm today={today} />
      <Tabs.Root defaultValue="transactions" className="space-y-4">
        <Tabs.List aria-label="Finance sections" className="inline-flex flex-wrap gap-1 rounded-xl bg-brand-soft/60 p-1">
          <Tabs.Trigger value="transactions" className={tabClass}>
            Transactions
          </Tabs.Trigger>
          <Tabs.Trigger value="invoices" className={tabClass}>
            Invoices
          </Tabs.Trigger>
          <Tabs.Trigger value="payouts" className={tabClass}>
            Payouts
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="transactions">
          <TransactionsTab initial={transactions} money={money} today={today} />
        </Tabs.Content>
        <Tabs.Content value="invoices">
          <InvoicesTab initial={invoices} money={money} />
        </Tabs.Content>
        <Tabs.Content value="payouts">
          <PayoutsTab initial={payouts} money={money} today={today} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

// ── Transactions ────────────────────────────────────────────────────────────────────────────

type TxIn = z.input<typeof financeTransactionSchema>;
type TxOut = z.output<typeof financeTransactionSchema>;

function TransactionsTab({ initial, money, today }: { initial: Paged<'transactions', TransactionJson>; money: (n: number) => string; today: string }) {
  const { data, loading, load } = usePaged(initial, '/api/finance/transactions');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TxIn, unknown, TxOut>({ resolver: zodResolver(financeTransactionSchema), defaultValues: { date: today, description: '', amount: '', type: 'income' } });

  async function add(values: TxOut) {
    try {
      await apiFetch('/api/finance/transactions', { method: 'POST', body: values });
      toast.success('Transaction added.');
      reset({ date: today, description: '', amount: '', type: values.type });
      await load(1);
    } catch (e) {
      toastFailure('Failed to add the transaction. Please try again.', e);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section aria-label="Transaction history">
        <AdminTable label="Transaction history" stacked>
          <thead>
            <tr>
              <Th>Date</Th>
              <Th>Description</Th>
              <Th>Reference</Th>
              <Th>Type</Th>
              <Th className="text-right">Amount</Th>
            </tr>
          </thead>
          <tbody aria-busy={loading}>
            {data.transactions.length === 0 ? <EmptyRow colSpan={5}>No transactions yet.</EmptyRow> : null}
            {data.transactions.map((t) => (
              <Tr key={t.id}>
                <Td data-label="Date" className="whitespace-nowrap tabular-nums">
                  {t.date}
                </Td>
                <Td data-label="Description" className="max-md:col-span-2">{t.description}</Td>
                <Td data-label="Reference" className="whitespace-nowrap text-muted">
                  {t.reference ?? '—'}
                </Td>
                <Td data-label="Type">
                  <Pill tone={t.type === 'income' ? 'good' : 'bad'}>{t.type}</Pill>
                </Td>
                <Td data-label="Amount" className={clsx('whitespace-nowrap text-right max-md:text-left tabular-nums', t.type === 'expense' && 'text-danger')}>
                  {t.type === 'expense' ? '−' : ''}
                  {money(t.amount)}
                </Td>
              </Tr>
            ))}
          </tbody>
        </AdminTable>
        {data.totalPages > 1 ? <Pager page={data.currentPage} totalPages={data.totalPages} onPage={load} disabled={loading} /> : null}
      </section>

      <form onSubmit={handleSubmit(add)} noValidate aria-labelledby="add-tx-title" className="space-y-3 self-start rounded-card border border-line bg-surface p-4">
        <h2 id="add-tx-title" className="font-display text-lg text-ink">
          Add Transaction
        </h2>
        <AdminField label="Date" error={errors.date?.message}>
          <input type="date" className={adminInputClass} {...register('date')} />
        </AdminField>
        <AdminField label="Description" error={errors.description?.message}>
          <input className={adminInputClass} placeholder="e.g. Showroom rent" {...register('description')} />
        </AdminField>
        <AdminField label="Amount" error={errors.amount?.message}>
          <input type="number" min={0.01} step={0.01} inputMode="decimal" className={adminInputClass} {...register('amount')} />
        </AdminField>
        <AdminField label="Type" error={errors.type?.message}>
          <select className={adminInputClass} {...register('type')}>
            <option value="income">Income</option>
            <option value="expense">Expense</option>
          </select>
        </AdminField>
        <AdminButton type="submit" variant="primary" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add Transaction'}
        </AdminButton>
      </form>
    </div>
  );
}

// ── Invoices ────────────────────────────────────────────────────────────────────────────────

function InvoicesTab({ initial, money }: { initial: Paged<'invoices', InvoiceJson>; money: (n: number) => string }) {
  const { data, loading, load } = usePaged(initial, '/api/finance/invoices');
  return (
    <section aria-label="Invoices">
      <AdminTable label="Invoices" stacked>
        <thead>
          <tr>
            <Th>Invoice</Th>
            <Th>Date</Th>
            <Th>Customer</Th>
            <Th className="text-right">Amount</Th>
            <Th>Status</Th>
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {data.invoices.length === 0 ? <EmptyRow colSpan={5}>No invoices yet: they appear as orders are placed.</EmptyRow> : null}
          {data.invoices.map((inv) => (
            <Tr key={inv.number}>
              <Td data-label="Invoice" className="whitespace-nowrap font-mono text-xs">
                {inv.number}
              </Td>
              <Td data-label="Date" className="whitespace-nowrap tabular-nums">
                {inv.date}
              </Td>
              <Td data-label="Customer">{inv.customer ?? 'N/A'}</Td>
              <Td data-label="Amount" className="whitespace-nowrap text-right max-md:text-left tabular-nums">
                {money(inv.amount)}
              </Td>
              <Td data-label="Status">
                <Pill tone={inv.status === 'paid' ? 'good' : inv.status === 'pending' ? 'wait' : 'bad'}>{inv.status}</Pill>
              </Td>
            </Tr>
          ))}
        </tbody>
      </AdminTable>
      {data.totalPages > 1 ? <Pager page={data.currentPage} totalPages={data.totalPages} onPage={load} disabled={loading} /> : null}
    </section>
  );
}

// ── Payouts ─────────────────────────────────────────────────────────────────────────────────

type PayoutIn = z.input<typeof payoutSchema>;
type PayoutOut = z.output<typeof payoutSchema>;

function PayoutsTab({ initial, money, today }: { initial: Paged<'payouts', PayoutJson>; money: (n: number) => string; today: string }) {
  const { data, loading, load } = usePaged(initial, '/api/finance/payouts');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PayoutIn, unknown, PayoutOut>({ resolver: zodResolver(payoutSchema), defaultValues: { date: today, amount: '', recipient: '', status: 'pending' } });

  async function add(values: PayoutOut) {
    try {
      await apiFetch('/api/finance/payouts', { method: 'POST', body: values });
      toast.success('Payout recorded.');
      reset({ date: today, amount: '', recipient: values.recipient, status: 'pending' });
      await load(1);
    } catch (e) {
      toastFailure('Failed to record the payout. Please try again.', e);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section aria-label="Payouts">
        <AdminTable label="Payouts" stacked>
          <thead>
            <tr>
              <Th>Date</Th>
              <Th>Recipient</Th>
              <Th className="text-right">Amount</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody aria-busy={loading}>
            {data.payouts.length === 0 ? <EmptyRow colSpan={4}>No payouts recorded yet.</EmptyRow> : null}
            {data.payouts.map((p) => (
              <Tr key={p.id}>
                <Td data-label="Date" className="whitespace-nowrap tabular-nums">
                  {p.date}
                </Td>
                <Td data-label="Recipient">{p.recipient}</Td>
                <Td data-label="Amount" className="whitespace-nowrap text-right max-md:text-left tabular-nums">
                  {money(p.amount)}
                </Td>
                <Td data-label="Status">
                  <Pill tone={p.status === 'processed' ? 'good' : 'wait'}>{p.status}</Pill>
                </Td>
              </Tr>
            ))}
          </tbody>
        </AdminTable>
        {data.totalPages > 1 ? <Pager page={data.currentPage} totalPages={data.totalPages} onPage={load} disabled={loading} /> : null}
      </section>

      <form onSubmit={handleSubmit(add)} noValidate aria-labelledby="add-payout-title" className="space-y-3 self-start rounded-card border border-line bg-surface p-4">
        <h2 id="add-payout-title" className="font-display text-lg text-ink">
          Record Payout
        </h2>
        <AdminField label="Date" error={errors.date?.message}>
          <input type="date" className={adminInputClass} {...register('date')} />
        </AdminField>
        <AdminField label="Amount" error={errors.amount?.message}>
          <input type="number" min={0.01} step={0.01} inputMode="decimal" className={adminInputClass} {...register('amount')} />
        </AdminField>
        <AdminField label="Recipient" error={errors.recipient?.message}>
          <input className={adminInputClass} placeholder="e.g. Totara Home Ltd — business account" {...register('recipient')} />
        </AdminField>
        <AdminField label="Status" error={errors.status?.message}>
          <select className={adminInputClass} {...register('status')}>
            <option value="pending">Pending</option>
            <option value="processed">Processed</option>
          </select>
        </AdminField>
        <AdminButton type="submit" variant="primary" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Record Payout'}
        </AdminButton>
      </form>
    </div>
  );
}

// ── Report ──────────────────────────────────────────────────────────────────────────────────

type RangeIn = z.input<typeof reportRangeSchema>;
type RangeOut = z.output<typeof reportRangeSchema>;

function ReportForm({ today }: { today: string }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RangeIn, unknown, RangeOut>({ resolver: zodResolver(reportRangeSchema), defaultValues: { from: `${today.slice(0, 8)}01`, to: today } });

  async function download(range: RangeOut) {
    try {
      const res = await fetch(`/api/finance/report?${new URLSearchParams(range)}`, { credentials: 'same-origin', cache: 'no-store' });
      if (!res.ok) await readApiResponse(res);
      const blob = await res.blob();
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `finance-report-${range.from}-to-${range.to}.csv`;
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast.success('Financial report downloaded.');
    } catch (e) {
      console.error('[admin] report failed', e);
      toast.error('Failed to generate the financial report. Please try again.', { description: e instanceof ApiError ? errorMessage(e, '') || undefined : undefined });
    }
  }

  return (
    <form onSubmit={handleSubmit(download)} noValidate aria-labelledby="report-title" className="rounded-card border border-line bg-surface p-4">
      <h2 id="report-title" className="font-display text-lg text-ink">
        Financial Report
      </h2>
      <p className="mb-3 text-xs text-muted">A CSV of payments, refunds, your entries and payouts between two dates (inclusive).</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <AdminField label="From" error={errors.from?.message} className="sm:w-44">
          <input type="date" className={adminInputClass} {...register('from')} />
        </AdminField>
        <AdminField label="To" error={errors.to?.message} className="sm:w-44">
          <input type="date" className={adminInputClass} {...register('to')} />
        </AdminField>
        <AdminButton type="submit" variant="primary" disabled={isSubmitting}>
          {isSubmitting ? 'Preparing…' : 'Generate Financial Report'}
        </AdminButton>
      </div>
    </form>
  );
}
