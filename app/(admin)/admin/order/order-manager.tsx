'use client';
/**
 * The Order Management table (spec §2 Order Management, §4 Admin order editing, §5 Admin order
 * items, §8 Orders). Edit Order opens one order at a time; Save Changes sends what changed in ONE
 * request, PUT /api/orders/{id} {status?, items?: [{itemId, quantity, price}], customer_message?,
 * sales_message?}, which the server saves all or nothing: a refused save leaves the order as it was.
 * Cancel discards the edits. Delete Item and Delete Order ask first (Radix AlertDialog).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { useRouter } from 'next/navigation';
import { Fragment, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { apiFetch, toastFailure } from '@/components/admin/admin-api';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/admin/button';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pager } from '@/components/admin/pager';
import type { AdminOrderJson } from '@/lib/orders/edit';
import { formatMoney } from '@/lib/money';
import { ORDER_STATUSES, orderEditFormSchema, type OrderEditFormInput, type OrderEditFormOutput } from '@/lib/orders/edit-schemas';
import { ProductThumb } from '@/components/cart/product-thumb';

type Props = {
  orders: AdminOrderJson[];
  currentPage: number;
  totalPages: number;
  total: number;
  status: string;
  currency: string;
  timeZone: string;
};

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'processing', label: 'Processing' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
];

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const STATUS_TONE: Record<string, string> = {
  pending: 'bg-warning/10 text-warning',
  processing: 'bg-brand-soft text-brand',
  shipped: 'bg-accent/10 text-accent',
  delivered: 'bg-success/10 text-success',
  cancelled: 'bg-danger/10 text-danger',
};

function Badge({ children, tone }: { children: React.ReactNode; tone: string }) {
  return <span className={clsx('inline-block rounded-full px-2 py-0.5 text-xs font-medium', tone)}>{children}</span>;
}

export function OrderManager({ orders, currentPage, totalPages, total, status, currency, timeZone }: Props) {
  const router = useRouter();
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [editingId, setEditingId] = useState<number | null>(null);
  const dayFormat = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeZone });
  const timeFormat = new Intl.DateTimeFormat('en-NZ', { timeStyle: 'short', timeZone });

  const go = (next: { status?: string; page?: number }) => {
    const params = new URLSearchParams();
    const s = next.status ?? status;
    if (s !== 'all') params.set('status', s);
    const p = next.page ?? 1;
    if (p > 1) params.set('page', String(p));
    setEditingId(null);
    router.push(`/admin/order${params.size ? `?${params}` : ''}`);
  };

  const toggle = (id: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function deleteOrder(id: number) {
    try {
      await apiFetch(`/api/orders/${id}`, { method: 'DELETE' });
      toast.success(`Order #${id} deleted.`);
      if (editingId === id) setEditingId(null);
      router.refresh();
    } catch (e) {
      toastFailure('Failed to delete order. Please try again.', e);
      throw e;
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm text-muted">
          Filter by status
          <select
            aria-label="Filter by status"
            className="rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink"
            value={status}
            onChange={(e) => go({ status: e.target.value })}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <p className="text-sm text-muted">
          {total} {total === 1 ? 'order' : 'orders'}
        </p>
      </div>

      <AdminTable label="Orders" stacked>
        <thead>
          <tr>
            <Th>Order ID</Th>
            <Th>Customer</Th>
            <Th>Status</Th>
            <Th>Payment</Th>
            <Th className="text-right">Total Amount</Th>
            <Th>Order Date</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {orders.length === 0 ? (
            <EmptyRow colSpan={7}>No orders {status === 'all' ? 'yet' : `with status ${status}`}.</EmptyRow>
          ) : (
            orders.map((order) => {
              const open = expanded.has(order.order_id) || editingId === order.order_id;
              const editing = editingId === order.order_id;
              return (
                <Fragment key={order.order_id}>
                  <Tr data-testid={`order-row-${order.order_id}`} className={clsx(editing && 'bg-brand-soft/40', open && 'max-md:border-b-0')}>
                    <Td data-label="Order ID" className="font-medium tabular-nums">
                      #{order.order_id}
                    </Td>
                    <Td data-label="Customer">{order.user?.user_name ?? 'N/A'}</Td>
                    <Td data-label="Status">
                      <Badge tone={STATUS_TONE[order.status] ?? ''}>{capitalise(order.status)}</Badge>
                    </Td>
                    <Td data-label="Payment">
                      <Badge tone={order.payment_status === 'paid' ? 'bg-success/10 text-success' : order.payment_status === 'refunded' ? 'bg-accent/10 text-accent' : 'bg-canvas text-muted'}>
                        {order.payment_status}
                      </Badge>
                    </Td>
                    <Td data-label="Total Amount" className="text-right max-md:text-left tabular-nums">
                      {formatMoney(order.total_amount, order.currency || currency)}
                    </Td>
                    <Td data-label="Order Date" className="whitespace-nowrap">
                      <time dateTime={order.order_date}>
                        {dayFormat.format(new Date(order.order_date))}
                        <span className="ml-1.5 text-muted md:ml-0 md:block md:text-xs">{timeFormat.format(new Date(order.order_date))}</span>
                      </time>
                    </Td>
                    <Td className="max-md:col-span-2">
                      <div className="flex flex-wrap gap-2 whitespace-nowrap 2xl:flex-nowrap">
                        <AdminButton size="sm" onClick={() => toggle(order.order_id)} aria-expanded={open} disabled={editing}>
                          {open ? 'Hide Details' : 'Show Details'}
                        </AdminButton>
                        {!editing ? (
                          <AdminButton size="sm" variant="primary" onClick={() => setEditingId(order.order_id)} disabled={editingId !== null}>
                            Edit Order
                          </AdminButton>
                        ) : null}
                        <ConfirmDialog
                          trigger={
                            <AdminButton
                              size="sm"
                              variant="danger"
                              disabled={order.payment_status !== 'unpaid'}
                              title={order.payment_status !== 'unpaid' ? `A ${order.payment_status} order cannot be deleted.` : undefined}
                            >
                              Delete Order
                            </AdminButton>
                          }
                          title={`Delete order #${order.order_id}`}
                          description="Are you sure you want to delete this order?"
                          confirmLabel="Delete Order"
                          onConfirm={() => deleteOrder(order.order_id)}
                        />
                      </div>
                    </Td>
                  </Tr>
                  {open ? (
                    <tr className="bg-canvas/60">
                      <td colSpan={7} className="border-b border-line p-0 max-md:col-span-2">
                        <div className="md:p-4">
                          {editing ? (
                            <OrderEditor
                              key={order.order_id}
                              order={order}
                              currency={order.currency || currency}
                              onDone={() => setEditingId(null)}
                            />
                          ) : (
                            <OrderDetails order={order} currency={order.currency || currency} />
                          )}
                        </div>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })
          )}
        </tbody>
      </AdminTable>

      {totalPages > 1 ? <Pager page={currentPage} totalPages={totalPages} onPage={(p) => go({ page: p })} /> : null}
    </div>
  );
}

function ContactBlock({ order }: { order: AdminOrderJson }) {
  const c = order.contact;
  const a = order.address;
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-xs uppercase tracking-wide text-muted">Contact</dt>
        <dd>{c ? `${c.first_name} ${c.last_name}` : 'N/A'}</dd>
      </div>
      <div>
        <dt className="text-xs uppercase tracking-wide text-muted">Email</dt>
        <dd className="break-all">{c?.email || 'N/A'}</dd>
      </div>
      <div>
        <dt className="text-xs uppercase tracking-wide text-muted">Phone</dt>
        <dd>{c?.phone_number || 'N/A'}</dd>
      </div>
      <div>
        <dt className="text-xs uppercase tracking-wide text-muted">Delivery address</dt>
        <dd>{a ? [a.street_address, a.city, a.state_province, a.postal_code, a.country].filter(Boolean).join(', ') : 'N/A'}</dd>
      </div>
    </dl>
  );
}

function Totals({ order, currency }: { order: AdminOrderJson; currency: string }) {
  return (
    <p className="mt-2 text-right text-sm text-muted">
      Subtotal {formatMoney(order.subtotal, currency)} · Shipping {formatMoney(order.shipping_fee, currency)} ·{' '}
      <span className="font-semibold text-ink">Total {formatMoney(order.total_amount, currency)}</span>
    </p>
  );
}

function OrderDetails({ order, currency }: { order: AdminOrderJson; currency: string }) {
  return (
    <div className="space-y-4" data-testid={`order-details-${order.order_id}`}>
      <ContactBlock order={order} />
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs uppercase tracking-wide text-muted">Customer message</dt>
          <dd className="whitespace-pre-line">{order.customer_message || 'N/A'}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-muted">Sales message</dt>
          <dd className="whitespace-pre-line" data-testid="sales-message">
            {order.sales_message || 'N/A'}
          </dd>
        </div>
      </dl>
      <ItemsTable order={order} currency={currency} />
      <Totals order={order} currency={currency} />
    </div>
  );
}

function ItemsTable({ order, currency }: { order: AdminOrderJson; currency: string }) {
  return (
    <AdminTable label={`Items of order ${order.order_id}`} stacked>
      <thead>
        <tr>
          <Th>Product ID</Th>
          <Th>SKU</Th>
          <Th>Name</Th>
          <Th className="text-right">Quantity</Th>
          <Th className="text-right">Unit Price</Th>
          <Th className="text-right">Total Price</Th>
        </tr>
      </thead>
      <tbody>
        {order.orderItems.map((item) => (
          <Tr key={item.order_item_id}>
            <Td data-label="Product ID" className="tabular-nums">
              {item.product_id}
            </Td>
            <Td data-label="SKU" className="font-mono text-xs">
              {item.product.sku}
            </Td>
            <Td data-label="Name" className="max-md:col-span-2">
              <span className="flex items-center gap-2">
                <ProductThumb src={item.product.image_url} alt={item.product.name} size={36} illustration={item.product.illustration} color={item.product.color} />
                {item.product.name}
              </span>
            </Td>
            <Td data-label="Quantity" className="text-right max-md:text-left tabular-nums">
              {item.quantity}
            </Td>
            <Td data-label="Unit Price" className="text-right max-md:text-left tabular-nums">
              {formatMoney(item.unit_price, currency)}
            </Td>
            <Td data-label="Total Price" className="text-right max-md:text-left tabular-nums">
              {formatMoney(item.total_price, currency)}
            </Td>
          </Tr>
        ))}
      </tbody>
    </AdminTable>
  );
}

/** Edit mode of one order: a react-hook-form over the shared orderEditFormSchema. */
function OrderEditor({ order, currency, onDone }: { order: AdminOrderJson; currency: string; onDone: () => void }) {
  const router = useRouter();
  const itemsLocked = order.payment_status !== 'unpaid';
  const defaults: OrderEditFormInput = {
    status: order.status,
    customer_message: order.customer_message ?? '',
    sales_message: order.sales_message ?? '',
    items: Object.fromEntries(order.orderItems.map((i) => [`i${i.order_item_id}`, { quantity: String(i.quantity), price: i.unit_price.toFixed(2) }])),
  };
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<OrderEditFormInput, unknown, OrderEditFormOutput>({ resolver: zodResolver(orderEditFormSchema), defaultValues: defaults });

  async function save(values: OrderEditFormOutput) {
    const id = order.order_id;
    const items = order.orderItems.flatMap((i) => {
      const edit = values.items[`i${i.order_item_id}`];
      if (!edit || itemsLocked) return [];
      if (edit.quantity === i.quantity && Math.round(edit.price * 100) === Math.round(i.unit_price * 100)) return [];
      return [{ itemId: i.order_item_id, quantity: edit.quantity, price: edit.price }];
    });
    const customer = values.customer_message.trim();
    const sales = values.sales_message.trim();
    const messagesChanged = customer !== (order.customer_message ?? '') || sales !== (order.sales_message ?? '');
    const body = {
      ...(values.status !== order.status && { status: values.status }),
      ...(items.length > 0 && { items }),
      ...(messagesChanged && { customer_message: customer, sales_message: sales }),
    };
    try {
      // One request, one transaction on the server: all of the edit is saved or none of it.
      if (Object.keys(body).length > 0) await apiFetch(`/api/orders/${id}`, { method: 'PUT', body });
      toast.success(`Order #${id} saved.`);
      onDone();
    } catch (e) {
      toastFailure('Failed to save changes. Please try again.', e);
    } finally {
      router.refresh();
    }
  }

  async function deleteItem(itemId: number) {
    try {
      await apiFetch(`/api/orders/${order.order_id}/items/${itemId}`, { method: 'DELETE' });
      toast.success('Item deleted.');
      router.refresh();
    } catch (e) {
      toastFailure('Failed to delete item. Please try again.', e);
      throw e;
    }
  }

  const itemError = (key: string) => {
    const e = errors.items?.[key];
    return e?.quantity?.message ?? e?.price?.message;
  };

  return (
    <form onSubmit={handleSubmit(save)} noValidate className="space-y-4" aria-label={`Edit order ${order.order_id}`}>
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminField label="Status">
          <select className={adminInputClass} {...register('status')} data-testid="edit-status">
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </AdminField>
        <AdminField label="Customer message" error={errors.customer_message?.message}>
          <input className={adminInputClass} {...register('customer_message')} data-testid="edit-customer-message" />
        </AdminField>
        <AdminField label="Sales message" error={errors.sales_message?.message}>
          <input className={adminInputClass} {...register('sales_message')} data-testid="edit-sales-message" />
        </AdminField>
      </div>

      <ContactBlock order={order} />

      {itemsLocked ? (
        <p className="rounded-lg bg-warning/10 px-3 py-2 text-sm text-warning">
          This order is {order.payment_status}: its items and prices can no longer be changed.
        </p>
      ) : null}

      <AdminTable label={`Edit items of order ${order.order_id}`} stacked>
        <thead>
          <tr>
            <Th>Product ID</Th>
            <Th>SKU</Th>
            <Th>Name</Th>
            <Th>Quantity</Th>
            <Th>Unit Price</Th>
            <Th className="text-right">Total Price</Th>
            <Th>
              <span className="sr-only">Item actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {order.orderItems.map((item) => {
            const key = `i${item.order_item_id}`;
            const err = itemError(key);
            return (
              <Tr key={item.order_item_id}>
                <Td data-label="Product ID" className="tabular-nums">
                  {item.product_id}
                </Td>
                <Td data-label="SKU" className="font-mono text-xs">
                  {item.product.sku}
                </Td>
                <Td data-label="Name" className="max-md:col-span-2">
                  <span className="flex items-center gap-2">
                    <ProductThumb src={item.product.image_url} alt={item.product.name} size={36} illustration={item.product.illustration} color={item.product.color} />
                    {item.product.name}
                  </span>
                  {err ? <span className="mt-1 block text-xs text-danger">{err}</span> : null}
                </Td>
                <Td data-label="Quantity">
                  <input
                    type="number"
                    min={1}
                    step={1}
                    inputMode="numeric"
                    aria-label={`Quantity of ${item.product.name}`}
                    className={clsx(adminInputClass, 'w-20')}
                    disabled={itemsLocked}
                    {...register(`items.${key}.quantity`)}
                  />
                </Td>
                <Td data-label="Unit Price">
                  <input
                    type="number"
                    min={0}
                    step={0.01}
                    inputMode="decimal"
                    aria-label={`Unit price of ${item.product.name}`}
                    className={clsx(adminInputClass, 'w-28')}
                    disabled={itemsLocked}
                    {...register(`items.${key}.price`)}
                  />
                </Td>
                <Td data-label="Total Price" className="text-right max-md:text-left tabular-nums">
                  {formatMoney(item.total_price, currency)}
                </Td>
                <Td className="max-md:col-span-2">
                  <ConfirmDialog
                    trigger={
                      <AdminButton size="sm" variant="danger" className="whitespace-nowrap" disabled={itemsLocked || isSubmitting}>
                        Delete Item
                      </AdminButton>
                    }
                    title="Delete item"
                    description="Are you sure you want to delete this item?"
                    confirmLabel="Delete Item"
                    onConfirm={() => deleteItem(item.order_item_id)}
                  />
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </AdminTable>
      <Totals order={order} currency={currency} />

      <div className="flex flex-wrap justify-end gap-2">
        <AdminButton onClick={onDone} disabled={isSubmitting}>
          Cancel
        </AdminButton>
        <AdminButton type="submit" variant="primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save Changes'}
        </AdminButton>
      </div>
    </form>
  );
}
