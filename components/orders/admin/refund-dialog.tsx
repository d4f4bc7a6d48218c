'use client';
/**
 * Refund… on a paid order (Radix Dialog, react-hook-form + zod): chosen lines and
 * quantities (at most what may still be refunded of each), or an amount; the delivery fee; restock;
 * a reason. It shows what was paid, refunded and may still be refunded, and the refunds so far.
 * One idempotency key per opening of the dialog: a double click on Refund refunds once. The server
 * computes the amount from the database (POST /api/orders/{id}/refunds); the total shown here is
 * the same arithmetic, for the administrator's eyes.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { AdminButton } from '@/components/ui/button';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { toastFailure } from '@/components/ui/toast-failure';
import { api } from '@/lib/api/client';
import type { OrderRefundsJson } from '@/lib/orders/after-sale-contracts';
import { REFUND_REASON_MAX } from '@/lib/orders/after-sale-schemas';
import { formatMoney } from '@/lib/money';

const quantityField = z.coerce.number<string | number>({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(0, 'At least 0.');

/** The dialog's form: quantities keyed "i<order_item_id>" (lines mode) or an amount in dollars. */
const refundFormSchema = z.object({
  mode: z.enum(['lines', 'amount']),
  quantities: z.record(z.string(), quantityField),
  amount: z.string().trim(),
  includeDeliveryFee: z.boolean(),
  restock: z.boolean(),
  reason: z.string().trim().max(REFUND_REASON_MAX, `At most ${REFUND_REASON_MAX} characters.`),
});
type FormIn = z.input<typeof refundFormSchema>;
type FormOut = z.output<typeof refundFormSchema>;

const cents = (dollars: number) => Math.round(dollars * 100);

/** The form's own checks against what may still be refunded; returns field → message. */
function problems(values: FormOut, data: OrderRefundsJson): Record<string, string> {
  const errors: Record<string, string> = {};
  let goods = 0;
  if (values.mode === 'lines') {
    for (const l of data.lines) {
      const q = values.quantities[`i${l.order_item_id}`] ?? 0;
      if (q > l.refundable_quantity) errors[`quantities.i${l.order_item_id}`] = `At most ${l.refundable_quantity}.`;
      goods += q * cents(l.unit_price);
    }
  } else if (values.amount !== '') {
    const n = Number(values.amount);
    if (!Number.isFinite(n) || n <= 0 || Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) errors.amount = 'Enter an amount above 0 with at most 2 decimals.';
    else goods = cents(n);
  }
  const total = goods + (values.includeDeliveryFee ? cents(data.delivery_fee_refundable) : 0);
  if (total <= 0 && !errors.amount) errors.root = 'Choose items, an amount or the delivery fee to refund.';
  else if (total > cents(data.refundable)) errors.root = `At most ${formatMoney(data.refundable, data.currency)} can still be refunded.`;
  return errors;
}

function totalOf(values: FormIn, data: OrderRefundsJson): number {
  let goods = 0;
  if (values.mode === 'lines') for (const l of data.lines) goods += (Number(values.quantities?.[`i${l.order_item_id}`]) || 0) * cents(l.unit_price);
  else goods = cents(Number(values.amount) || 0);
  return goods + (values.includeDeliveryFee ? cents(data.delivery_fee_refundable) : 0);
}

const STATUS_TEXT: Record<string, string> = { pending: 'Pending at the gateway', succeeded: 'Refunded', failed: 'Failed' };

/** Mounted for one opening (the caller renders it while open): its key and data live as long as that opening. */
export function RefundDialog({ orderId, currency, onClose, onDone }: { orderId: number; currency: string; onClose: () => void; onDone: () => Promise<void> | void }) {
  const open = true;
  const [data, setData] = useState<OrderRefundsJson | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // One key per opening: a second click, or a retry after a lost answer, is the same refund.
  const [idempotencyKey] = useState(() => `refund-${orderId}-${crypto.randomUUID()}`);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(refundFormSchema),
    defaultValues: { mode: 'lines', quantities: {}, amount: '', includeDeliveryFee: false, restock: true, reason: '' },
  });
  const { register, handleSubmit, reset, setError, control, formState } = form;
  const values = useWatch({ control }) as FormIn;

  useEffect(() => {
    let live = true;
    api.orders
      .refunds(orderId)
      .then((d) => {
        if (!live) return;
        setData(d);
        reset({ mode: 'lines', quantities: Object.fromEntries(d.lines.map((l) => [`i${l.order_item_id}`, 0])), amount: '', includeDeliveryFee: false, restock: true, reason: '' });
      })
      .catch((e: unknown) => {
        console.error('[admin] refunds failed to load', e);
        if (live) setLoadError('Failed to load the refunds of this order. Please try again.');
      });
    return () => {
      live = false;
    };
  }, [orderId, reset]);

  const submit = handleSubmit(async (v) => {
    if (!data) return;
    const found = problems(v, data);
    if (Object.keys(found).length > 0) {
      for (const [field, message] of Object.entries(found)) setError(field as 'amount', { message });
      return;
    }
    const lines = v.mode === 'lines' ? data.lines.map((l) => ({ orderItemId: l.order_item_id, quantity: v.quantities[`i${l.order_item_id}`] ?? 0 })).filter((l) => l.quantity > 0) : [];
    try {
      const refund = await api.orders.refund(orderId, {
        ...(lines.length > 0 ? { lines } : {}),
        ...(v.mode === 'amount' && v.amount !== '' ? { amount: Number(v.amount) } : {}),
        includeDeliveryFee: v.includeDeliveryFee,
        restock: v.mode === 'lines' && v.restock,
        ...(v.reason ? { reason: v.reason } : {}),
        idempotencyKey,
      });
      if (refund.status === 'failed') toast.error(`The refund failed: ${refund.failure_message ?? 'the gateway refused it.'}`);
      else if (refund.status === 'pending') toast.success(`Refund of ${formatMoney(refund.amount, currency)} recorded; the gateway is still processing it.`);
      else toast.success(`Refunded ${formatMoney(refund.amount, currency)}.`);
      await onDone();
    } catch (e) {
      toastFailure('Failed to refund. Please try again.', e);
    }
  });

  const busy = formState.isSubmitting;
  const errors = formState.errors as Record<string, { message?: string } | undefined> & { quantities?: Record<string, { message?: string }> };
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (!o && !busy ? onClose() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(94vw,40rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-surface p-6 shadow-xl" data-testid="refund-dialog">
          <Dialog.Title className="font-display text-lg text-ink">Refund order #{orderId}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            {data ? (
              <>
                Paid {formatMoney(data.paid, currency)} · refunded {formatMoney(data.refunded, currency)} ·{' '}
                <strong className="text-ink" data-testid="refundable">
                  {formatMoney(data.refundable, currency)} can still be refunded
                </strong>
                . The money goes back through the gateway that took it.
              </>
            ) : (
              'Loading…'
            )}
          </Dialog.Description>
          {loadError ? (
            <p role="alert" className="mt-4 text-sm text-danger">
              {loadError}
            </p>
          ) : null}
          {data ? (
            <form onSubmit={submit} noValidate className="mt-4 space-y-4">
              <fieldset className="flex flex-wrap gap-4 text-sm">
                <legend className="sr-only">What to refund</legend>
                <label className="inline-flex items-center gap-2">
                  <input type="radio" value="lines" {...register('mode')} /> Items
                </label>
                <label className="inline-flex items-center gap-2">
                  <input type="radio" value="amount" {...register('mode')} /> An amount
                </label>
              </fieldset>
              {values.mode === 'lines' ? (
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Items to refund</caption>
                  <thead className="text-xs uppercase tracking-wide text-muted">
                    <tr>
                      <th className="py-1 pr-2 font-medium">Item</th>
                      <th className="py-1 pr-2 text-right font-medium">Price</th>
                      <th className="py-1 pr-2 text-right font-medium">Refundable</th>
                      <th className="py-1 text-right font-medium">Refund</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {data.lines.map((l) => {
                      const key = `i${l.order_item_id}`;
                      const error = errors.quantities?.[key]?.message ?? (errors as Record<string, { message?: string } | undefined>)[`quantities.${key}`]?.message;
                      return (
                        <tr key={l.order_item_id}>
                          <td className="py-2 pr-2 text-ink">{l.name}</td>
                          <td className="py-2 pr-2 text-right tabular-nums">{formatMoney(l.unit_price, currency)}</td>
                          <td className="py-2 pr-2 text-right tabular-nums">
                            {l.refundable_quantity} of {l.quantity}
                          </td>
                          <td className="py-2 text-right">
                            <input
                              type="number"
                              min={0}
                              max={l.refundable_quantity}
                              step={1}
                              inputMode="numeric"
                              aria-label={`Quantity of ${l.name} to refund`}
                              disabled={l.refundable_quantity === 0}
                              className={`${adminInputClass} w-20 text-right`}
                              aria-invalid={error ? true : undefined}
                              {...register(`quantities.${key}`)}
                            />
                            {error ? <span className="mt-1 block text-xs text-danger">{error}</span> : null}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              ) : (
                <AdminField label={`Amount (${currency})`} error={errors.amount?.message}>
                  <input type="number" min={0} step={0.01} inputMode="decimal" className={adminInputClass} aria-invalid={errors.amount ? true : undefined} {...register('amount')} />
                </AdminField>
              )}
              <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
                <label className="inline-flex items-center gap-2">
                  <input type="checkbox" disabled={data.delivery_fee_refundable === 0} {...register('includeDeliveryFee')} />
                  Delivery fee ({formatMoney(data.delivery_fee_refundable, currency)})
                </label>
                <label className="inline-flex items-center gap-2">
                  <input type="checkbox" disabled={values.mode !== 'lines'} {...register('restock')} />
                  Put the refunded items back in stock
                </label>
              </div>
              <AdminField label="Reason (shown to the customer)" error={errors.reason?.message}>
                <textarea rows={2} maxLength={REFUND_REASON_MAX} className={adminInputClass} {...register('reason')} />
              </AdminField>
              {errors.root?.message ? (
                <p role="alert" className="text-sm text-danger">
                  {errors.root.message}
                </p>
              ) : null}
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
                <p className="text-sm text-muted">
                  Refund total <strong className="tabular-nums text-ink" data-testid="refund-total">{formatMoney(totalOf(values, data) / 100, currency)}</strong>
                </p>
                <div className="flex gap-2">
                  <Dialog.Close asChild>
                    <AdminButton disabled={busy}>Cancel</AdminButton>
                  </Dialog.Close>
                  <AdminButton type="submit" variant="primary" disabled={busy || cents(data.refundable) === 0}>
                    {busy ? 'Refunding…' : 'Refund'}
                  </AdminButton>
                </div>
              </div>
            </form>
          ) : null}
          {data && data.refunds.length > 0 ? (
            <section className="mt-6 border-t border-line pt-4">
              <h3 className="text-sm font-medium text-ink">Refunds so far</h3>
              <ul className="mt-2 space-y-1 text-sm text-muted" data-testid="refund-history">
                {data.refunds.map((r) => (
                  <li key={r.refund_id}>
                    {new Date(r.created_at).toLocaleDateString('en-NZ')} · {formatMoney(r.amount, currency)}
                    {r.collection_fee > 0 ? ` (less ${formatMoney(r.collection_fee, currency)} collection fee)` : ''} · {STATUS_TEXT[r.status]}
                    {r.credit_note ? (
                      <>
                        {' · '}
                        <a href={r.credit_note.url} className="text-brand underline-offset-2 hover:underline">
                          Credit note {r.credit_note.number}
                        </a>
                      </>
                    ) : null}
                    {r.reason ? ` · ${r.reason}` : ''}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
