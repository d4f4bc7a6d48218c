'use client';
/**
 * The orders list (spec §2 Orders list, §4 Order rows, §8 Orders and Cancel, §9 page size 10).
 * Newest first, numbered page buttons, Show/Hide Details, Cancel Order and Checkout for pending
 * unpaid orders, with when such an order expires (HoldDeadline), and under the details the order's
 * refunds and returns with Return items on a delivered order (OrderAfterSale) and its history in the
 * customer's words (OrderHistory); admins see an extra User ID column. Pages and refreshes come from GET /api/orders
 * (paging facts in its X-Total-* headers); cancelling is DELETE /api/orders/{id}; a two-person order's
 * booked day can be changed from its details (ChangeDeliveryDay).
 */
import { DeliveryDetails } from './delivery-details';
import { ChangeDeliveryDay } from './change-delivery-day';
import { Fragment, useState } from 'react';
import Link from 'next/link';
import clsx from 'clsx';
import { toast } from 'sonner';
import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import type { OrderJson } from '@/lib/orders/mappers';
import { formatMoney } from '@/lib/money';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError, NO_RESPONSE, api, failureText, serverMessage } from '@/lib/api/client';
import { LoadError } from '@/components/ui/load-error';
import { buttonClasses } from '@/components/ui/button';
import { PaymentBadge, StatusBadge } from './status-badge';
import { HoldDeadline } from './hold-deadline';
import { ProductThumb } from '@/components/cart/product-thumb';
import { OrderAfterSale } from './after-sale';
import { OrderHistory, historyKey } from './order-history';
import { isHandedOver } from '@/lib/orders/rules';

export const PAGE_SIZE = 10;

export type OrdersPage = { orders: OrderJson[]; page: number; totalPages: number; total: number };

/**
 * A total under the items: its label spans the columns before Total (SKU, item, quantity and unit
 * price; on phones, where those three are folded into the item cell, the item alone). The amount
 * never wraps, so a discount's "−" stays with its figure.
 */
function FootRow({ label, value, className, testId }: { label: string; value: string; className?: string; testId?: string }) {
  return (
    <tr data-testid={testId}>
      <td colSpan={4} className={clsx('hidden pr-3 text-right sm:table-cell', className)}>
        {label}
      </td>
      <td className={clsx('pr-3 text-right sm:hidden', className)}>{label}</td>
      <td className={clsx('whitespace-nowrap text-right tabular-nums', className)}>{value}</td>
    </tr>
  );
}

function Details({ order, isAdmin, timeZone, onChanged }: { order: OrderJson; isAdmin: boolean; timeZone: string; onChanged: (order: OrderJson) => void }) {
  const a = order.address;
  const c = order.contact;
  return (
    <div className="grid grid-cols-1 gap-5 text-sm md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="min-w-0 overflow-x-auto">
        <table className="w-full text-left">
          <caption className="sr-only">Items of order {order.order_id}</caption>
          <thead className="text-xs uppercase tracking-wide text-muted">
            <tr>
              <th className="hidden py-1.5 pr-3 font-medium sm:table-cell">SKU</th>
              <th className="py-1.5 pr-3 font-medium">Item</th>
              <th className="hidden py-1.5 pr-3 text-right font-medium sm:table-cell">Qty</th>
              <th className="hidden py-1.5 pr-3 text-right font-medium sm:table-cell">Unit price</th>
              <th className="py-1.5 text-right font-medium">Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {order.orderItems.map((i) => (
              <tr key={i.order_item_id}>
                <td className="hidden py-2 pr-3 text-muted sm:table-cell">{i.product.sku}</td>
                <td className="py-2 pr-3 text-ink">
                  <span className="flex items-center gap-3">
                    <ProductThumb src={i.product.image_url} alt={i.product.name} size={40} illustration={i.product.illustration} color={i.product.color} />
                    <span className="min-w-0 break-words">
                      {i.product.name}
                      <span className="block text-xs text-muted">
                        <span className="sm:hidden">{i.product.sku} · </span>
                        {[i.product.size, i.product.color].filter(Boolean).join(' · ')}
                      </span>
                      {/* On phones the quantity and unit price sit under the name, leaving room for the total. */}
                      <span className="block text-xs tabular-nums text-muted sm:hidden" data-testid="item-quantity-price">
                        {i.quantity} × <span className="whitespace-nowrap">{formatMoney(i.unit_price, order.currency)}</span>
                      </span>
                      {isHandedOver(order.status) && (
                        <Link href={`/review/${i.order_item_id}`} className="mt-1 inline-block text-xs font-medium text-brand-dark underline underline-offset-4" data-testid="review-link">
                          Review this item
                        </Link>
                      )}
                    </span>
                  </span>
                </td>
                <td className="hidden py-2 pr-3 text-right tabular-nums sm:table-cell">{i.quantity}</td>
                <td className="hidden whitespace-nowrap py-2 pr-3 text-right tabular-nums sm:table-cell">{formatMoney(i.unit_price, order.currency)}</td>
                <td className="whitespace-nowrap py-2 text-right tabular-nums">{formatMoney(i.total_price, order.currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="text-muted">
            <FootRow label="Subtotal" value={formatMoney(order.subtotal, order.currency)} className="pt-2" />
            {order.discount_code ? <FootRow label={`Discount (${order.discount_code})`} value={`−${formatMoney(order.discount_amount, order.currency)}`} className="text-brand-dark" testId="order-discount-row" /> : null}
            <FootRow label={order.delivery ? `Shipping · ${order.delivery.name}` : 'Shipping'} value={order.shipping_fee === 0 ? 'Free' : formatMoney(order.shipping_fee, order.currency)} />
            {order.assembly_fee > 0 ? <FootRow label="Assembly" value={formatMoney(order.assembly_fee, order.currency)} /> : null}
            {order.prices_include_gst ? null : <FootRow label={`GST (${order.gst_rate_percent}%)`} value={formatMoney(order.gst_amount, order.currency)} />}
            <FootRow label="Total" value={formatMoney(order.total_amount, order.currency)} className="font-medium text-ink" />
            {order.prices_include_gst ? <FootRow label="Includes GST" value={formatMoney(order.gst_amount, order.currency)} /> : null}
          </tfoot>
        </table>
        {order.payment_status !== 'unpaid' ? (
          <p className="mt-3 text-sm">
            <Link href={`/order/${order.order_id}/invoice`} className="font-medium text-brand underline-offset-2 hover:underline" data-testid="tax-invoice-link">
              Tax invoice
            </Link>
            <span className="text-muted"> · </span>
            <a href={`/api/orders/${order.order_id}/invoice`} className="font-medium text-brand underline-offset-2 hover:underline" download>
              Download PDF
            </a>
          </p>
        ) : null}
        <OrderAfterSale order={order} isAdmin={isAdmin} timeZone={timeZone} />
        <div className="mt-5">
          <OrderHistory key={historyKey(order)} orderId={order.order_id} timeZone={timeZone} staff={isAdmin} />
        </div>
      </div>
      <dl className="space-y-3">
        <div>
          <dt className="font-medium text-ink">Delivery address</dt>
          <dd className="text-muted">{a ? [a.street_address, a.city, [a.state_province, a.postal_code].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ') : 'N/A'}</dd>
        </div>
        {order.delivery ? (
          <div>
            <dt className="font-medium text-ink">Delivery</dt>
            <dd>
              <DeliveryDetails delivery={order.delivery} />
              <ChangeDeliveryDay order={order} onChanged={onChanged} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium text-ink">Contact</dt>
          <dd className="text-muted">{c ? `${c.first_name} ${c.last_name} · ${c.phone_number} · ${c.email}` : 'N/A'}</dd>
        </div>
        <div>
          <dt className="font-medium text-ink">Your message</dt>
          <dd className="text-muted">{order.customer_message || 'N/A'}</dd>
        </div>
        <div>
          <dt className="font-medium text-ink">Message from us</dt>
          <dd className="text-muted">{order.sales_message || 'N/A'}</dd>
        </div>
      </dl>
    </div>
  );
}

/** Order dates in the shop's time zone, so the server's and the browser's rendering agree. */
const orderDate = (iso: string, timeZone: string) => format(new Date(iso), 'd MMM yyyy, h:mm a', { in: tz(timeZone) });

export function OrdersView({ initial, isAdmin, timeZone = 'Pacific/Auckland' }: { initial: OrdersPage; isAdmin: boolean; timeZone?: string }) {
  const [data, setData] = useState(initial);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [cancelling, setCancelling] = useState<number | null>(null);

  async function load(page: number) {
    setLoading(true);
    let res;
    try {
      res = await api.orders.list({ page, limit: PAGE_SIZE });
    } catch (e) {
      const status = e instanceof ApiError ? e.status : undefined;
      return setError(status === 403 ? 'You do not have permission to view orders.' : status === 0 ? NO_RESPONSE : failureText(e, 'An error occurred while fetching orders. Please try again later.'));
    } finally {
      setLoading(false);
    }
    if (res.items.length === 0 && page > 1 && page > res.totalPages) return load(res.totalPages);
    setError(null);
    setData({ orders: res.items, page, total: res.total, totalPages: res.totalPages });
    window.history.replaceState(null, '', page > 1 ? `?page=${page}` : window.location.pathname);
  }

  async function cancel(order: OrderJson) {
    setCancelling(order.order_id);
    try {
      await api.orders.remove(order.order_id);
      toast.success('Order cancelled successfully.');
    } catch (e) {
      const conflict = e instanceof ApiError && e.status === 409 && serverMessage(e);
      toast.error(conflict ? `Failed to cancel order. ${conflict}` : 'Failed to cancel order. Please try again.');
    } finally {
      setCancelling(null);
    }
    await load(data.page);
  }

  /** An order changed in place (its delivery day moved): shown at once, without reloading the page. */
  function replace(updated: OrderJson) {
    setData((prev) => ({ ...prev, orders: prev.orders.map((o) => (o.order_id === updated.order_id ? updated : o)) }));
  }

  function toggle(id: number) {
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  if (error) return <LoadError message={error} onRetry={() => void load(data.page)} />;

  if (data.total === 0) {
    return (
      <div className="rounded-card border border-line bg-surface p-10 text-center">
        <p className="font-display text-xl text-ink">{isAdmin ? 'There are no orders yet.' : 'You have no orders yet.'}</p>
        {!isAdmin && (
          <Link href="/products" className={buttonClasses('primary', 'md', 'mt-6')}>
            Start shopping
          </Link>
        )}
      </div>
    );
  }

  const columns = isAdmin ? 7 : 6;
  return (
    <div className={clsx('space-y-5', loading && 'opacity-70')} aria-busy={loading}>
      <div className="rounded-card border border-line bg-surface overflow-hidden">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Your orders, newest first</caption>
          <thead className="hidden border-b border-line bg-canvas/60 text-xs uppercase tracking-wide text-muted md:table-header-group">
            <tr>
              <th className="px-4 py-3 font-medium">Order ID</th>
              {isAdmin && <th className="px-4 py-3 font-medium">User ID</th>}
              <th className="px-4 py-3 font-medium">Date</th>
              <th className="px-4 py-3 font-medium">Status</th>
              <th className="px-4 py-3 font-medium">Payment</th>
              <th className="px-4 py-3 text-right font-medium">Total Amount</th>
              <th className="px-4 py-3 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.orders.map((o) => {
              const expanded = open.has(o.order_id);
              return (
                <Fragment key={o.order_id}>
                  <tr data-testid="order-row" className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-line px-4 py-4 first:border-t-0 md:table-row md:p-0">
                    <td className="font-medium text-ink md:px-4 md:py-3">
                      <span className="text-muted md:hidden">Order </span>#{o.order_id}
                    </td>
                    {isAdmin && (
                      <td className="text-right text-muted md:px-4 md:py-3 md:text-left">
                        <span className="md:hidden">User </span>
                        {o.user_id}
                        {o.user?.user_name ? <span className="block text-xs">{o.user.user_name}</span> : null}
                      </td>
                    )}
                    <td className={clsx('text-muted md:px-4 md:py-3 md:text-left', isAdmin ? 'col-span-2' : 'text-right')}>
                      <time dateTime={o.order_date}>{orderDate(o.order_date, timeZone)}</time>
                    </td>
                    <td className="md:px-4 md:py-3">
                      <StatusBadge status={o.status} />
                      {o.hold_expires_at && !isAdmin ? <HoldDeadline holdExpiresAt={o.hold_expires_at} orderDate={o.order_date} timeZone={timeZone} /> : null}
                    </td>
                    <td className="text-right md:px-4 md:py-3 md:text-left">
                      <PaymentBadge status={o.payment_status} quiet={o.status === 'cancelled'} />
                    </td>
                    <td className="col-span-2 text-base font-semibold tabular-nums text-ink md:px-4 md:py-3 md:text-right md:text-sm">
                      <span className="text-sm font-normal text-muted md:hidden">Total </span>
                      {formatMoney(o.total_amount, o.currency)}
                    </td>
                    <td className="col-span-2 md:px-4 md:py-3">
                      <div className="flex flex-wrap gap-2 md:justify-end">
                        <button type="button" className={buttonClasses('outline', 'sm')} aria-expanded={expanded} aria-controls={`order-${o.order_id}-details`} onClick={() => toggle(o.order_id)}>
                          {expanded ? 'Hide Details' : 'Show Details'}
                        </button>
                        {o.can_pay && !isAdmin && (
                          <Link href={`/checkout/${o.order_id}`} className={buttonClasses('primary', 'sm')}>
                            Checkout
                          </Link>
                        )}
                        {o.can_cancel && !isAdmin && (
                          <ConfirmDialog
                            title="Cancel order"
                            description="Are you sure you want to cancel this order?"
                            confirmLabel="Cancel Order"
                            cancelLabel="Keep order"
                            onConfirm={() => cancel(o)}
                            trigger={
                              <button type="button" className={buttonClasses('danger', 'sm')} disabled={cancelling === o.order_id}>
                                {cancelling === o.order_id ? 'Cancelling…' : 'Cancel Order'}
                              </button>
                            }
                          />
                        )}
                      </div>
                    </td>
                  </tr>
                  {expanded && (
                    <tr id={`order-${o.order_id}-details`} className="block border-t border-line bg-canvas/50 md:table-row">
                      <td colSpan={columns} className="block px-4 py-4 md:table-cell">
                        <Details order={o} isAdmin={isAdmin} timeZone={timeZone} onChanged={replace} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>

      {data.totalPages > 1 && (
        <nav aria-label="Order pages" className="flex flex-wrap items-center justify-center gap-2">
          {Array.from({ length: data.totalPages }, (_, i) => i + 1).map((n) => (
            <button
              key={n}
              type="button"
              aria-label={`Page ${n}`}
              aria-current={n === data.page ? 'page' : undefined}
              disabled={loading}
              onClick={() => void load(n)}
              className={clsx('size-10 rounded-full text-sm font-medium tabular-nums', n === data.page ? 'bg-brand text-white' : 'border border-line bg-surface text-ink hover:border-brand')}
            >
              {n}
            </button>
          ))}
        </nav>
      )}
    </div>
  );
}
