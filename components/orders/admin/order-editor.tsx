'use client';
/**
 * Edit Order (spec §4 Admin order editing, §5 Admin order items): status, both messages, and each
 * item's quantity and unit price, checked by the shared orderEditFormSchema. Save Changes sends
 * only what changed in ONE request, PUT /api/orders/{id}, which the server saves all or nothing;
 * Cancel discards the edits. Delete Item asks first. Items of a paid or refunded order are locked.
 * The status offers only the moves the shop's rules allow from where the order is now
 * (lib/orders/rules.ts allowedStaffStatuses; the server checks again and answers 409 otherwise).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AdminTable, Td, Th, Tr } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/ui/button';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastFailure } from '@/components/ui/toast-failure';
import { api } from '@/lib/api/client';
import type { OrderJson } from '@/lib/orders/contracts';
import { orderEditFormSchema, type OrderEditFormInput, type OrderEditFormOutput } from '@/lib/orders/edit-schemas';
import { allowedStaffStatuses, statusLabel } from '@/lib/orders/rules';
import { formatMoney } from '@/lib/money';
import { ContactBlock, ItemCells, ItemHeadings, NumberCell, Totals } from './order-details';

/** The two inputs of an item: quantity (whole, from 1) and unit price (dollars, cents). */
const ITEM_INPUTS = [
  { field: 'quantity', title: 'Quantity', name: 'Quantity', min: 1, step: 1, inputMode: 'numeric', className: 'w-20' },
  { field: 'price', title: 'Unit Price', name: 'Unit price', min: 0, step: 0.01, inputMode: 'decimal', className: 'w-28' },
] as const;

/** The form's starting values: the order as saved, items keyed "i<order_item_id>". */
function defaultsOf(order: OrderJson): OrderEditFormInput {
  return {
    status: order.status,
    customer_message: order.customer_message ?? '',
    sales_message: order.sales_message ?? '',
    items: Object.fromEntries(order.orderItems.map((i) => [`i${i.order_item_id}`, { quantity: String(i.quantity), price: i.unit_price.toFixed(2) }])),
  };
}

/** The PUT body: only what differs from the saved order (item edits only while items are editable); {} when nothing does. */
function changesOf(order: OrderJson, values: OrderEditFormOutput, itemsLocked: boolean) {
  const items = order.orderItems.flatMap((i) => {
    const edit = values.items[`i${i.order_item_id}`];
    if (!edit || itemsLocked) return [];
    if (edit.quantity === i.quantity && Math.round(edit.price * 100) === Math.round(i.unit_price * 100)) return [];
    return [{ itemId: i.order_item_id, quantity: edit.quantity, price: edit.price }];
  });
  // The customer's message is read-only for staff (lib/orders/edit.ts): only the sales message is sent.
  const sales = values.sales_message.trim();
  return {
    ...(values.status !== order.status && { status: values.status }),
    ...(items.length > 0 && { items }),
    ...(sales !== (order.sales_message ?? '') && { sales_message: sales }),
  };
}

/** `onChanged`: reads the list again (after a save, a refused save, or a deleted item); `onDone` closes the editor. */
export function OrderEditor({ order, currency, onChanged, onDone }: { order: OrderJson; currency: string; onChanged: () => Promise<void>; onDone: () => void }) {
  const itemsLocked = order.payment_status !== 'unpaid';
  const statuses = allowedStaffStatuses({ status: order.status, paymentStatus: order.payment_status, deliveryKind: order.delivery?.kind ?? null });
  // Why fewer statuses are offered, where a staff member would wonder.
  const statusHint = statuses.length === 1 ? `A ${statusLabel(order.status)} order keeps its status.` : order.status === 'pending' && order.payment_status === 'unpaid' ? 'Processing is offered once the order is paid.' : null;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<OrderEditFormInput, unknown, OrderEditFormOutput>({ resolver: zodResolver(orderEditFormSchema), defaultValues: defaultsOf(order) });

  async function save(values: OrderEditFormOutput) {
    const id = order.order_id;
    const body = changesOf(order, values, itemsLocked);
    try {
      // One request, one transaction on the server: all of the edit is saved or none of it.
      if (Object.keys(body).length > 0) await api.orders.update(id, body);
      toast.success(`Order #${id} saved.`);
      onDone();
    } catch (e) {
      toastFailure('Failed to save changes. Please try again.', e);
    } finally {
      // Saved or refused, the rows show the order as the server now holds it.
      await onChanged();
    }
  }

  async function deleteItem(itemId: number) {
    try {
      await api.orders.removeItem(order.order_id, itemId);
    } catch (e) {
      toastFailure('Failed to delete item. Please try again.', e);
      throw e;
    }
    toast.success('Item deleted.');
    await onChanged();
  }

  const itemError = (key: string) => {
    const e = errors.items?.[key];
    return e?.quantity?.message ?? e?.price?.message;
  };

  return (
    <form onSubmit={handleSubmit(save)} noValidate className="space-y-4" aria-label={`Edit order ${order.order_id}`}>
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminField label="Status">
          <select className={adminInputClass} {...register('status')} data-testid="edit-status" aria-describedby={statusHint ? `status-hint-${order.order_id}` : undefined}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s === order.status ? `${statusLabel(s)} (now)` : statusLabel(s)}
              </option>
            ))}
          </select>
          {statusHint ? (
            <span id={`status-hint-${order.order_id}`} className="mt-1 block text-xs text-muted">
              {statusHint}
            </span>
          ) : null}
        </AdminField>
        <div>
          <p className="mb-1 text-sm font-medium text-ink" id={`customer-message-${order.order_id}`}>
            Customer message
          </p>
          {/* The customer's own words: shown, never editable by staff (docs/orders.md). */}
          <p aria-labelledby={`customer-message-${order.order_id}`} className="min-h-[2.25rem] whitespace-pre-line rounded-lg bg-canvas px-3 py-2 text-sm text-ink" data-testid="customer-message-read-only">
            {order.customer_message ?? <span className="italic text-muted">None</span>}
          </p>
        </div>
        <AdminField label="Sales message (staff note)" error={errors.sales_message?.message}>
          <input className={adminInputClass} {...register('sales_message')} data-testid="edit-sales-message" />
        </AdminField>
      </div>

      <ContactBlock order={order} />

      {itemsLocked ? (
        <p className="rounded-lg bg-warning/10 px-3 py-2 text-sm text-warning">This order is {order.payment_status}: its items and prices can no longer be changed.</p>
      ) : null}

      <AdminTable label={`Edit items of order ${order.order_id}`} stacked>
        <thead>
          <tr>
            <ItemHeadings />
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
            return (
              <Tr key={item.order_item_id}>
                <ItemCells item={item} note={itemError(key)} />
                {ITEM_INPUTS.map(({ field, title, name, className, ...input }) => (
                  <Td key={field} data-label={title}>
                    <input
                      type="number"
                      {...input}
                      aria-label={`${name} of ${item.product.name}`}
                      className={clsx(adminInputClass, className)}
                      disabled={itemsLocked}
                      {...register(`items.${key}.${field}`)}
                    />
                  </Td>
                ))}
                <NumberCell label="Total Price">{formatMoney(item.total_price, currency)}</NumberCell>
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
