'use client';
/**
 * /admin/returns — the Returns queue: tabs by state with their counts, each return with
 * its order, customer, lines, reason and our message, and the moves lib/orders/return-rules.ts
 * allows from its state: Approve… / Decline… (a message to the customer, in a dialog: Radix Dialog,
 * react-hook-form + zod), Mark received, Refund (a confirmation; refunds the lines at their price
 * with restock, less the collection fee of the settings when the shop collected the items —
 * ticked by default, docs/refunds-and-returns.md). The page comes from the server; each action goes through PUT /api/returns/{id}
 * and the page is refreshed after it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import clsx from 'clsx';
import { toast } from 'sonner';
import { z } from 'zod';
import { AdminButton } from '@/components/ui/button';
import { adminInputClass } from '@/components/admin/field';
import { Pager } from '@/components/admin/pager';
import { QueueTabs } from '@/components/admin/queue-tabs';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastFailure } from '@/components/ui/toast-failure';
import { BADGE_TONES } from '@/components/orders/status-badge';
import { api } from '@/lib/api/client';
import type { ReturnJson, ReturnPageJson } from '@/lib/orders/after-sale-contracts';
import { RETURN_MESSAGE_MAX, type ReturnFilter } from '@/lib/orders/after-sale-schemas';
import { RETURN_MOVES } from '@/lib/orders/return-rules';
import { formatMoney } from '@/lib/money';

const TABS: { key: ReturnFilter; label: string }[] = [
  { key: 'open', label: 'Open' },
  { key: 'requested', label: 'Requested' },
  { key: 'approved', label: 'Approved' },
  { key: 'received', label: 'Received' },
  { key: 'refunded', label: 'Refunded' },
  { key: 'declined', label: 'Declined' },
  { key: 'all', label: 'All' },
];

const BADGE: Record<ReturnJson['status'], string> = {
  requested: BADGE_TONES.wait,
  approved: BADGE_TONES.busy,
  received: BADGE_TONES.moving,
  refunded: BADGE_TONES.good,
  declined: BADGE_TONES.quiet,
};

const EMPTY: Partial<Record<ReturnFilter, string>> = { open: 'No returns are waiting. New requests appear here as customers make them.' };

const decisionSchema = z.object({ message: z.string().trim().max(RETURN_MESSAGE_MAX, `At most ${RETURN_MESSAGE_MAX} characters.`) });
type DecisionValues = z.infer<typeof decisionSchema>;

/** Approve… or Decline…: the message the customer is shown and e-mailed with the decision. */
function DecisionDialog({ target, onClose, onDone }: { target: { ret: ReturnJson; status: 'approved' | 'declined' } | null; onClose: () => void; onDone: () => void }) {
  const id = useId();
  const { register, handleSubmit, reset, formState } = useForm<DecisionValues>({ resolver: zodResolver(decisionSchema), defaultValues: { message: '' } });
  useEffect(() => reset({ message: '' }), [target, reset]);
  const approving = target?.status === 'approved';
  const submit = handleSubmit(async ({ message }) => {
    if (!target) return;
    try {
      await api.returns.move(target.ret.return_id, { status: target.status, ...(message ? { message } : {}) });
      toast.success(approving ? 'Return approved; the customer has been e-mailed.' : 'Return declined; the customer has been e-mailed.');
      onDone();
    } catch (e) {
      toastFailure(approving ? 'Failed to approve the return. Please try again.' : 'Failed to decline the return. Please try again.', e);
    }
  });
  const busy = formState.isSubmitting;
  return (
    <Dialog.Root open={target !== null} onOpenChange={(o) => (!o && !busy ? onClose() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 rounded-card bg-surface p-6 shadow-xl">
          <Dialog.Title className="font-display text-lg text-ink">{approving ? 'Approve return' : 'Decline return'}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            {approving ? 'Tell the customer how the items come back (collection or drop-off).' : 'Tell the customer why: the message is e-mailed to them.'}
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 space-y-3">
            <label htmlFor={id} className="block text-sm font-medium text-ink">
              Message to the customer
            </label>
            <textarea id={id} rows={4} maxLength={RETURN_MESSAGE_MAX} autoFocus className={adminInputClass} {...register('message')} />
            {formState.errors.message?.message ? <p className="text-xs text-danger">{formState.errors.message.message}</p> : null}
            <div className="flex justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <AdminButton disabled={busy}>Cancel</AdminButton>
              </Dialog.Close>
              <AdminButton type="submit" variant={approving ? 'primary' : 'danger'} disabled={busy}>
                {busy ? 'Saving…' : approving ? 'Approve return' : 'Decline return'}
              </AdminButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Refund with its confirmation: the amount, and whether the collection fee is deducted (the shop collected the items). */
function RefundReturnButton({ ret, collectionFee, busy, onRefund }: { ret: ReturnJson; collectionFee: number; busy: boolean; onRefund: (deductFee: boolean) => Promise<void> }) {
  const [collected, setCollected] = useState(collectionFee > 0 && collectionFee < ret.amount);
  const money = (n: number) => formatMoney(n, ret.currency);
  const net = collected ? Math.round((ret.amount - collectionFee) * 100) / 100 : ret.amount;
  const feeId = useId();
  return (
    <ConfirmDialog
      trigger={
        <AdminButton variant="primary" size="sm" disabled={busy}>
          Refund…
        </AdminButton>
      }
      title={`Refund return #${ret.return_id}`}
      description={
        <>
          <span className="block">
            Refund <strong data-testid="return-refund-amount">{money(net)}</strong> through the gateway the customer paid with, and put the items back in stock?
          </span>
          {collectionFee > 0 ? (
            <span className="mt-3 flex items-start gap-2 text-ink">
              <input id={feeId} type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand" checked={collected} disabled={collectionFee >= ret.amount} onChange={(e) => setCollected(e.target.checked)} />
              <label htmlFor={feeId}>
                We collected the items: deduct the {money(collectionFee)} collection fee from the {money(ret.amount)} of the items
                {collectionFee >= ret.amount ? ' (not possible: the fee is as much as the items)' : ''}. Untick when the customer dropped them off.
              </label>
            </span>
          ) : null}
        </>
      }
      confirmLabel={`Refund ${money(net)}`}
      onConfirm={() => onRefund(collected)}
    />
  );
}

export function ReturnQueue({ data, status, timeZone, collectionFee }: { data: ReturnPageJson; status: ReturnFilter; timeZone: string; collectionFee: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [deciding, setDeciding] = useState<{ ret: ReturnJson; status: 'approved' | 'declined' } | null>(null);
  const c = data.counts;
  const countOf = (key: ReturnFilter) => (key === 'all' ? c.requested + c.approved + c.received + c.refunded + c.declined : key === 'open' ? c.requested + c.approved + c.received : c[key]);
  const href = (s: ReturnFilter, page = 1) => `${pathname}?status=${s}${page > 1 ? `&page=${page}` : ''}`;
  const when = (iso: string) => new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

  async function move(ret: ReturnJson, to: 'received' | 'refunded', deductFee = false) {
    setBusyId(ret.return_id);
    try {
      const updated = await api.returns.move(ret.return_id, to === 'refunded' ? { status: to, deduct_collection_fee: deductFee } : { status: to });
      if (to === 'received') toast.success(`Return #${ret.return_id} marked received.`);
      else if (updated.status === 'refunded')
        toast.success(
          `Refunded ${formatMoney(Math.round((updated.amount - updated.collection_fee) * 100) / 100, updated.currency)}${updated.collection_fee > 0 ? ` (less the ${formatMoney(updated.collection_fee, updated.currency)} collection fee)` : ''}; the items are back in stock.`,
        );
      else toast.success('Refund recorded; the gateway is still processing it.');
      router.refresh();
    } catch (e) {
      toastFailure(to === 'received' ? 'Failed to mark the return received. Please try again.' : 'Failed to refund the return. Please try again.', e);
      throw e;
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="space-y-5">
      <QueueTabs label="Return status" tabs={TABS} current={status} hrefFor={(key) => href(key)} countOf={countOf} />

      {data.returns.length === 0 ? (
        <p className="rounded-card border border-line bg-surface px-4 py-8 text-center text-muted" data-testid="queue-empty">
          {EMPTY[status] ?? 'No returns here.'}
        </p>
      ) : (
        <ul className="space-y-4" data-testid="return-queue">
          {data.returns.map((r) => {
            const next = RETURN_MOVES[r.status];
            const busy = busyId === r.return_id;
            return (
              <li key={r.return_id} className="rounded-card border border-line bg-surface p-4 sm:p-5" data-testid="queue-return" data-return-id={r.return_id}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-sm">
                      <span className="font-medium text-ink">Return #{r.return_id}</span>
                      <span className="text-muted">
                        {' '}
                        · <Link href={`/admin/order?status=all`} className="underline-offset-4 hover:underline">order #{r.order_id}</Link> · {formatMoney(r.amount, r.currency)}
                      </span>
                    </p>
                    <p className="mt-0.5 text-xs text-muted">
                      {r.customer} ({r.customer_email}) · {when(r.created_at)}
                    </p>
                  </div>
                  <span className={clsx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium', BADGE[r.status])} data-testid="return-status-badge">
                    {r.status.charAt(0).toUpperCase() + r.status.slice(1)}
                  </span>
                </div>
                <ul className="mt-3 text-sm text-ink">
                  {r.lines.map((l) => (
                    <li key={l.order_item_id}>
                      {l.quantity} × {l.name} <span className="text-muted">({l.sku}, {formatMoney(l.unit_price, r.currency)} each)</span>
                    </li>
                  ))}
                </ul>
                <p className="mt-2 whitespace-pre-line text-sm text-ink/85">
                  <span className="font-medium">Reason:</span> {r.reason}
                </p>
                {r.decision_message ? (
                  <p className="mt-2 rounded-lg bg-canvas p-3 text-sm text-ink/80">
                    <span className="font-medium text-ink">Our message:</span> {r.decision_message}
                  </p>
                ) : null}
                {next.length > 0 ? (
                  <div className="mt-4 flex flex-wrap gap-2">
                    {next.includes('approved') ? (
                      <AdminButton variant="primary" size="sm" disabled={busy} onClick={() => setDeciding({ ret: r, status: 'approved' })}>
                        Approve…
                      </AdminButton>
                    ) : null}
                    {next.includes('declined') ? (
                      <AdminButton variant="danger" size="sm" disabled={busy} onClick={() => setDeciding({ ret: r, status: 'declined' })}>
                        Decline…
                      </AdminButton>
                    ) : null}
                    {next.includes('received') ? (
                      <AdminButton variant="primary" size="sm" disabled={busy} onClick={() => void move(r, 'received').catch(() => undefined)}>
                        Mark received
                      </AdminButton>
                    ) : null}
                    {next.includes('refunded') ? <RefundReturnButton ret={r} collectionFee={collectionFee} busy={busy} onRefund={(deduct) => move(r, 'refunded', deduct)} /> : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      {data.totalPages > 1 && <Pager page={data.currentPage} totalPages={data.totalPages} onPage={(p) => router.push(href(status, p))} />}

      <DecisionDialog
        target={deciding}
        onClose={() => setDeciding(null)}
        onDone={() => {
          setDeciding(null);
          router.refresh();
        }}
      />
    </div>
  );
}
