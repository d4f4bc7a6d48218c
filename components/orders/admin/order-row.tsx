'use client';
/**
 * One order in the Order Management table: id, customer, status and payment badges, total, date,
 * and Show Details / Edit Order / Refund… / Delete Order; opened, a second row under it holds the
 * details or the editor. Only an unpaid order may be deleted; a paid one (or partly refunded) may be
 * refunded (RefundDialog).
 */
import { useState } from 'react';
import clsx from 'clsx';
import { Td, Tr } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { OrderJson } from '@/lib/orders/contracts';
import { formatMoney } from '@/lib/money';
import { PaymentBadge, StatusBadge } from '@/components/orders/status-badge';
import { OrderDetails } from './order-details';
import { OrderEditor } from './order-editor';
import { RefundDialog } from './refund-dialog';

/** The order actions the signed-in staff member holds (docs/accounts-and-security.md "Staff roles and permissions"). */
export type OrderActions = { fulfil: boolean; refund: boolean };

export type OrderRowProps = {
  order: OrderJson;
  /** Edit Order and Delete Order need orders.fulfil; Refund… needs orders.refund. */
  may: OrderActions;
  /** The shop's currency (ISO 4217), for an order that carries none. */
  currency: string;
  /** The shop's time zone (IANA), for the order's history. */
  timeZone: string;
  /** Formats the order date's day and time in the shop's time zone. */
  dayFormat: Intl.DateTimeFormat;
  timeFormat: Intl.DateTimeFormat;
  open: boolean;
  editing: boolean;
  /** Another order is being edited: Edit Order waits. */
  editLocked: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onEditDone: () => void;
  onChanged: () => Promise<void>;
  onDelete: () => Promise<void>;
};

export function OrderRow({ order, may, currency: shopCurrency, timeZone, dayFormat, timeFormat, open, editing, editLocked, onToggle, onEdit, onEditDone, onChanged, onDelete }: OrderRowProps) {
  const currency = order.currency || shopCurrency;
  const paid = order.payment_status !== 'unpaid';
  const refundable = order.payment_status === 'paid' || order.payment_status === 'partially_refunded';
  const [refunding, setRefunding] = useState(false);
  return (
    <>
      <Tr data-testid={`order-row-${order.order_id}`} className={clsx(editing && 'bg-brand-soft/40', open && 'max-md:border-b-0')}>
        <Td data-label="Order ID" className="font-medium tabular-nums">
          #{order.order_id}
        </Td>
        <Td data-label="Customer">{order.user?.user_name ?? 'N/A'}</Td>
        <Td data-label="Status">
          <StatusBadge status={order.status} />
        </Td>
        <Td data-label="Payment">
          <PaymentBadge status={order.payment_status} quiet={order.status === 'cancelled'} />
        </Td>
        <Td data-label="Total Amount" className="text-right max-md:text-left tabular-nums">
          {formatMoney(order.total_amount, currency)}
        </Td>
        <Td data-label="Order Date" className="whitespace-nowrap">
          <time dateTime={order.order_date}>
            {dayFormat.format(new Date(order.order_date))}
            <span className="ml-1.5 text-muted md:ml-0 md:block md:text-xs">{timeFormat.format(new Date(order.order_date))}</span>
          </time>
        </Td>
        <Td className="max-md:col-span-2">
          <div className="flex flex-wrap gap-2 whitespace-nowrap 2xl:flex-nowrap">
            <AdminButton size="sm" onClick={onToggle} aria-expanded={open} disabled={editing}>
              {open ? 'Hide Details' : 'Show Details'}
            </AdminButton>
            {!editing && may.fulfil ? (
              <AdminButton size="sm" variant="primary" onClick={onEdit} disabled={editLocked}>
                Edit Order
              </AdminButton>
            ) : null}
            {refundable && may.refund ? (
              <AdminButton size="sm" onClick={() => setRefunding(true)} disabled={editing}>
                Refund…
              </AdminButton>
            ) : null}
            {may.fulfil ? (
              <ConfirmDialog
                trigger={
                  <AdminButton size="sm" variant="danger" disabled={paid} title={paid ? `A ${order.payment_status} order cannot be deleted.` : undefined}>
                    Delete Order
                  </AdminButton>
                }
                title={`Delete order #${order.order_id}`}
                description="Are you sure you want to delete this order?"
                confirmLabel="Delete Order"
                onConfirm={onDelete}
              />
            ) : null}
          </div>
          {refundable && refunding ? (
            <RefundDialog
              orderId={order.order_id}
              currency={currency}
              onClose={() => setRefunding(false)}
              onDone={async () => {
                setRefunding(false);
                await onChanged();
              }}
            />
          ) : null}
        </Td>
      </Tr>
      {open ? (
        <tr className="bg-canvas/60">
          <td colSpan={7} className="border-b border-line p-0 max-md:col-span-2">
            <div className="md:p-4">
              {editing ? <OrderEditor key={order.order_id} order={order} currency={currency} onChanged={onChanged} onDone={onEditDone} /> : <OrderDetails order={order} currency={currency} timeZone={timeZone} />}
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}
