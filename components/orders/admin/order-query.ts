/**
 * The address of Order Management, /admin/order?status=&page=, read the same way by the page on
 * the server and by the list in the browser: an unknown status means every order, a page that is
 * not a whole number ≥ 1 means page 1.
 */
import { ORDER_STATUSES, type OrderStatus } from '@/lib/orders/rules';

/** What the page says when the list cannot be read (on the server or in the browser). */
export const LIST_FAILED = 'Failed to fetch orders. Please try again later.';

export type StatusFilter = OrderStatus | 'all';
export type OrderQuery = { status: StatusFilter; page: number };

/** The filter's choices: All, then the five statuses capitalised. */
export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [{ value: 'all', label: 'All' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: capitalise(s) }))];

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** `?status` and `?page` (null or undefined when absent) → the query. */
export function readOrderQuery(status: string | null | undefined, page: string | null | undefined): OrderQuery {
  return {
    status: ORDER_STATUSES.find((s) => s === status) ?? 'all',
    page: Math.max(1, Number.parseInt(page ?? '1', 10) || 1),
  };
}

/** The address of `query`, leaving out what is the default (all, page 1). */
export function orderListHref({ status, page }: OrderQuery): string {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  return `/admin/order${params.size ? `?${params}` : ''}`;
}
