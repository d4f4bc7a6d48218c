'use client';
/**
 * Order Management's filters: a search by order number, customer name or e-mail,
 * a date range (days in the shop's time zone, inclusive), and the status — which applies as soon as
 * it is chosen, as before. Search applies the text and the dates from page 1; Clear removes every
 * filter. Export CSV downloads the whole selection the table shows (GET /api/orders/export with the
 * same filters), not only the page.
 */
import { useState } from 'react';
import { AdminButton, adminButtonClass } from '@/components/ui/button';
import { ORDER_SEARCH_MAX, FROM_AFTER_TO } from '@/lib/orders/search-schema';
import { orderExportHref, STATUS_FILTERS, type OrderQuery, type StatusFilter } from './order-query';

const inputClass = 'rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink';
const labelClass = 'mb-1 block text-xs font-semibold uppercase tracking-wide text-muted';

type Props = {
  /** The filters in the address (the form starts from them). */
  wanted: OrderQuery;
  /** The filters of the rows shown (what Export CSV downloads). */
  listed: OrderQuery;
  total: number;
  onApply: (next: Partial<OrderQuery>) => void;
};

export function OrderFilters({ wanted, listed, total, onApply }: Props) {
  const [error, setError] = useState<string | null>(null);
  const filtered = Boolean(wanted.q || wanted.from || wanted.to || wanted.status !== 'all');

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const [q, from, to] = [text('q'), text('from'), text('to')];
    if (from && to && from > to) return setError(FROM_AFTER_TO);
    setError(null);
    onApply({ q, from, to });
  }

  return (
    // Keyed by the address, so Back and Forward show their own filters in the fields.
    <form key={`${wanted.q}|${wanted.from}|${wanted.to}`} role="search" aria-label="Find orders" onSubmit={submit} noValidate className="grid gap-3 rounded-card border border-line bg-surface p-4 md:grid-cols-[minmax(0,2fr)_auto_auto_auto] md:items-end">
      <div>
        <label htmlFor="order-search" className={labelClass}>
          Search
        </label>
        <input id="order-search" name="q" type="search" defaultValue={wanted.q} maxLength={ORDER_SEARCH_MAX} placeholder="Order number, customer name or email" className={`${inputClass} w-full`} />
      </div>
      <div className="grid grid-cols-2 gap-3 md:contents">
        <div>
          <label htmlFor="order-from" className={labelClass}>
            From
          </label>
          <input id="order-from" name="from" type="date" defaultValue={wanted.from} className={`${inputClass} w-full`} aria-invalid={Boolean(error)} />
        </div>
        <div>
          <label htmlFor="order-to" className={labelClass}>
            To
          </label>
          <input id="order-to" name="to" type="date" defaultValue={wanted.to} className={`${inputClass} w-full`} aria-invalid={Boolean(error)} />
        </div>
      </div>
      <div>
        <label htmlFor="order-status" className={labelClass}>
          Status
        </label>
        <select id="order-status" aria-label="Filter by status" className={`${inputClass} w-full`} value={wanted.status} onChange={(e) => onApply({ status: e.target.value as StatusFilter })}>
          {STATUS_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-danger md:col-span-4">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 md:col-span-4">
        <AdminButton type="submit" variant="primary">
          Search
        </AdminButton>
        {filtered ? (
          <AdminButton variant="ghost" onClick={() => onApply({ status: 'all', q: '', from: '', to: '' })}>
            Clear
          </AdminButton>
        ) : null}
        <span className="ml-auto text-sm text-muted">
          {total} {total === 1 ? 'order' : 'orders'}
        </span>
        <a href={orderExportHref(listed)} download className={adminButtonClass('secondary')} aria-disabled={total === 0 || undefined}>
          Export CSV
        </a>
      </div>
    </form>
  );
}
