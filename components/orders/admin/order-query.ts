/**
 * The address of Order Management, /admin/order?status=&q=&from=&to=&page=, read the same way by
 * the page on the server and by the list in the browser: an unknown status means every order, a
 * page that is not a whole number ≥ 1 means page 1, a date that is not a real YYYY-MM-DD day is
 * left out, and reversed dates are put in order. `q` finds an order number or
 * part of the customer's user name, name or e-mail; from/to are days in the shop's time zone.
 */
import { ORDER_STATUSES, type OrderStatus } from '@/lib/orders/rules';
import { ORDER_SEARCH_MAX } from '@/lib/orders/search-schema';

/** What the page says when the list cannot be read (on the server or in the browser). */
export const LIST_FAILED = 'Failed to fetch orders. Please try again later.';

export type StatusFilter = OrderStatus | 'all';
export type OrderQuery = { status: StatusFilter; page: number; q: string; from: string; to: string };

/** The filter's choices: All, then the five statuses capitalised. */
export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [{ value: 'all', label: 'All' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: capitalise(s) }))];

export function capitalise(s: string): string {
  // "ready_for_collection" → "Ready for collection" (the click & collect statuses).
  return (s.charAt(0).toUpperCase() + s.slice(1)).replace(/_/g, ' ');
}

/** A real calendar day YYYY-MM-DD (2000–2100), else ''. */
function day(v: string | null | undefined): string {
  const s = (v ?? '').trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return '';
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100 ? s : '';
}

/** The address's values (`get(name)`: null or undefined when absent) → the query. */
export function readOrderQuery(get: (name: 'status' | 'page' | 'q' | 'from' | 'to') => string | null | undefined): OrderQuery {
  let from = day(get('from'));
  let to = day(get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  return {
    status: ORDER_STATUSES.find((s) => s === get('status')) ?? 'all',
    page: Math.max(1, Number.parseInt(get('page') ?? '1', 10) || 1),
    q: (get('q') ?? '').trim().slice(0, ORDER_SEARCH_MAX),
    from,
    to,
  };
}

/** Whether two queries ask for the same rows. */
export const sameOrderQuery = (a: OrderQuery, b: OrderQuery) => a.status === b.status && a.page === b.page && a.q === b.q && a.from === b.from && a.to === b.to;

/** The filters of `query` (no page) as URL parameters, leaving out the defaults; shared by the list's address and the CSV export. */
export function orderFilterParams({ status, q, from, to }: Omit<OrderQuery, 'page'>): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  if (q) params.set('q', q);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return params;
}

/** The address of `query`, leaving out what is the default (all, no search, page 1). */
export function orderListHref(query: OrderQuery): string {
  const params = orderFilterParams(query);
  if (query.page > 1) params.set('page', String(query.page));
  return `/admin/order${params.size ? `?${params}` : ''}`;
}

/** GET /api/orders/export for the filters of `query`: the CSV of the whole selection. */
export function orderExportHref(query: OrderQuery): string {
  const params = orderFilterParams(query);
  return `/api/orders/export${params.size ? `?${params}` : ''}`;
}
