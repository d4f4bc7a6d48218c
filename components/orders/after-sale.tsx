'use client';
/**
 * Under an order's details on My Orders: its refunds (date, amount, status, credit
 * note, and the reason the shop gave, which the refund dialog labels "shown to the customer") and its returns (status and our message), and — on a delivered order within the return
 * window — Return items, a dialog (Radix Dialog, react-hook-form + zod) to choose lines,
 * quantities and a reason (POST /api/orders/{id}/returns).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { buttonClasses } from '@/components/ui/button';
import { ApiError, api, serverMessage } from '@/lib/api/client';
import type { OrderRefundsJson, ReturnableJson, ReturnJson } from '@/lib/orders/after-sale-contracts';
import { RETURN_REASON_MAX } from '@/lib/orders/after-sale-schemas';
import type { OrderJson } from '@/lib/orders/mappers';
import { formatMoney } from '@/lib/money';
import { isHandedOver } from '@/lib/orders/rules';

const REFUND_STATUS: Record<string, string> = { pending: 'Being processed', succeeded: 'Refunded', failed: 'Failed — we will be in touch' };
const RETURN_STATUS: Record<ReturnJson['status'], string> = {
  requested: 'Requested — we will reply within 2 working days',
  approved: 'Approved — we will arrange collection',
  declined: 'Declined',
  received: 'Received — your refund is on its way',
  refunded: 'Refunded',
};

const day = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeZone }).format(new Date(iso));

const returnFormSchema = z.object({
  quantities: z.record(z.string(), z.coerce.number<string | number>({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(0, 'At least 0.')),
  reason: z.string().trim().min(3, 'Please tell us why you are returning it.').max(RETURN_REASON_MAX, `At most ${RETURN_REASON_MAX} characters.`),
});
type ReturnFormIn = z.input<typeof returnFormSchema>;
type ReturnFormOut = z.output<typeof returnFormSchema>;

function ReturnDialog({ order, returnable, onDone }: { order: OrderJson; returnable: ReturnableJson; onDone: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const defaults = { quantities: Object.fromEntries(returnable.lines.map((l) => [`i${l.order_item_id}`, 0])), reason: '' };
  const { register, handleSubmit, reset, setError, formState } = useForm<ReturnFormIn, unknown, ReturnFormOut>({ resolver: zodResolver(returnFormSchema), defaultValues: defaults });
  const submit = handleSubmit(async (v) => {
    let bad = false;
    const lines = returnable.lines
      .map((l) => {
        const q = v.quantities[`i${l.order_item_id}`] ?? 0;
        if (q > l.returnable_quantity) {
          setError(`quantities.i${l.order_item_id}`, { message: `At most ${l.returnable_quantity}.` });
          bad = true;
        }
        return { orderItemId: l.order_item_id, quantity: q };
      })
      .filter((l) => l.quantity > 0);
    if (bad) return;
    if (lines.length === 0) return setError('root', { message: 'Choose at least one item to return.' });
    try {
      await api.orders.requestReturn(order.order_id, { lines, reason: v.reason });
      toast.success('Return requested. We have e-mailed you a confirmation.');
      setOpen(false);
      await onDone();
    } catch (e) {
      const reason = e instanceof ApiError && e.status < 500 ? serverMessage(e) : undefined;
      setError('root', { message: reason ?? 'Failed to request the return. Please try again.' });
    }
  });
  const errors = formState.errors;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (formState.isSubmitting) return;
        if (o) reset(defaults);
        setOpen(o);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className={buttonClasses('outline', 'sm')} data-testid="return-items">
          Return items
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(94vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card border border-line bg-surface p-6 shadow-xl">
          <Dialog.Title className="font-display text-lg text-ink">Return items of order #{order.order_id}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            Choose what you are sending back and tell us why. {returnable.windowEnds ? `You can ask until ${new Date(returnable.windowEnds).toLocaleDateString('en-NZ', { dateStyle: 'medium' })}.` : ''} See our{' '}
            <Link href="/returns" className="text-brand underline-offset-2 hover:underline">
              returns policy
            </Link>
            .
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            <ul className="divide-y divide-line text-sm">
              {returnable.lines.map((l) => {
                const key = `i${l.order_item_id}`;
                const error = errors.quantities?.[key]?.message;
                return (
                  <li key={l.order_item_id} className="flex items-center justify-between gap-3 py-2">
                    <span className="min-w-0 text-ink">
                      {l.name}
                      <span className="block text-xs text-muted">{l.returnable_quantity === 0 ? 'Already being returned or refunded' : `Up to ${l.returnable_quantity}`}</span>
                      {error ? <span className="block text-xs text-danger">{error}</span> : null}
                    </span>
                    <input
                      type="number"
                      min={0}
                      max={l.returnable_quantity}
                      step={1}
                      inputMode="numeric"
                      disabled={l.returnable_quantity === 0}
                      aria-label={`How many of ${l.name} to return`}
                      className="w-20 rounded-lg border border-line bg-surface px-3 py-2 text-right text-sm"
                      {...register(`quantities.${key}`)}
                    />
                  </li>
                );
              })}
            </ul>
            <label className="block text-sm">
              <span className="mb-1 block font-medium text-ink">Why are you returning it?</span>
              <textarea rows={3} maxLength={RETURN_REASON_MAX} className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm" aria-invalid={errors.reason ? true : undefined} {...register('reason')} />
              {errors.reason?.message ? <span className="mt-1 block text-xs text-danger">{errors.reason.message}</span> : null}
            </label>
            {errors.root?.message ? (
              <p role="alert" className="text-sm text-danger">
                {errors.root.message}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClasses('outline', 'md')} disabled={formState.isSubmitting}>
                Cancel
              </Dialog.Close>
              <button type="submit" className={buttonClasses('primary', 'md')} disabled={formState.isSubmitting}>
                {formState.isSubmitting ? 'Sending…' : 'Request return'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The refunds and returns of one order, and Return items when it may be returned. */
export function OrderAfterSale({ order, isAdmin, timeZone }: { order: OrderJson; isAdmin: boolean; timeZone: string }) {
  const [refunds, setRefunds] = useState<OrderRefundsJson | null>(null);
  const [returns, setReturns] = useState<ReturnJson[]>([]);
  const [returnable, setReturnable] = useState<ReturnableJson | null>(null);
  const [failed, setFailed] = useState(false);
  const paid = order.payment_status !== 'unpaid';
  const delivered = isHandedOver(order.status);

  // Bumped after a return is requested: the lists are read again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    Promise.all([
      paid ? api.orders.refunds(order.order_id) : Promise.resolve(null),
      delivered ? api.returns.list({ order_id: order.order_id, status: 'all' }) : Promise.resolve(null),
      delivered && !isAdmin ? api.orders.returnable(order.order_id) : Promise.resolve(null),
    ])
      .then(([r, list, can]) => {
        if (!live) return;
        setRefunds(r);
        setReturns(list?.returns ?? []);
        setReturnable(can);
        setFailed(false);
      })
      .catch((e: unknown) => {
        console.error('[orders] refunds and returns failed to load', e);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [order.order_id, paid, delivered, isAdmin, version]);

  if (!paid && !delivered) return null;
  if (failed) return <p className="mt-4 text-sm text-muted">We could not load this order’s refunds and returns. Please try again later.</p>;
  const canReturn = returnable?.allowed && returnable.lines.some((l) => l.returnable_quantity > 0);
  return (
    <div className="mt-5 space-y-4 text-sm" data-testid="after-sale">
      {refunds && refunds.refunds.length > 0 ? (
        <section aria-labelledby={`refunds-${order.order_id}`}>
          <h3 id={`refunds-${order.order_id}`} className="font-medium text-ink">
            Refunds
          </h3>
          <ul className="mt-1 divide-y divide-line" data-testid="refund-list">
            {refunds.refunds.map((r) => (
              <li key={r.refund_id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-1.5" data-testid="refund-row">
                <span className="text-muted">
                  <time dateTime={r.created_at}>{day(r.created_at, timeZone)}</time>
                  {r.lines.length > 0 ? ` · ${r.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}` : ''}
                  {r.delivery_fee > 0 ? ' · delivery' : ''}
                  {r.collection_fee > 0 ? ` · less ${formatMoney(r.collection_fee, order.currency)} collection fee` : ''}
                </span>
                <span className="flex items-baseline gap-3">
                  <span className="font-medium tabular-nums text-ink">{formatMoney(r.amount, order.currency)}</span>
                  <span className="text-muted">{REFUND_STATUS[r.status]}</span>
                  {r.credit_note ? (
                    <Link href={r.credit_note.url} className="font-medium text-brand underline-offset-2 hover:underline">
                      Credit note {r.credit_note.number}
                    </Link>
                  ) : null}
                </span>
                {r.reason ? (
                  <span className="basis-full break-words text-muted" data-testid="refund-reason">
                    Reason: {r.reason}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {returns.length > 0 ? (
        <section aria-labelledby={`returns-${order.order_id}`}>
          <h3 id={`returns-${order.order_id}`} className="font-medium text-ink">
            Returns
          </h3>
          <ul className="mt-1 divide-y divide-line" data-testid="return-list">
            {returns.map((r) => (
              <li key={r.return_id} className="py-1.5">
                <span className="text-muted">
                  <time dateTime={r.created_at}>{day(r.created_at, timeZone)}</time> · {r.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')} ·{' '}
                </span>
                <span className="font-medium text-ink" data-testid="return-status">
                  {RETURN_STATUS[r.status]}
                </span>
                {r.decision_message ? <span className="block text-muted">Our message: {r.decision_message}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {returnable && !isAdmin ? (
        canReturn ? (
          <ReturnDialog order={order} returnable={returnable} onDone={async () => setVersion((v) => v + 1)} />
        ) : returnable.reason && returns.length === 0 ? (
          <p className="text-muted">{returnable.reason}</p>
        ) : null
      ) : null}
    </div>
  );
}
