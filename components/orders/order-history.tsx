'use client';
/**
 * An order's history (docs/orders.md "Order history"), read from GET /api/orders/{id}/history when
 * the order's details open: each entry's day and time in the shop's time zone, what happened in the
 * reader's words (the server words it for staff or for the customer), its note (a refund's reason,
 * a message) and, for staff, who made it. The parent re-keys it after a change (its status, payment
 * status or message), so the list is read again.
 */
import { useEffect, useState } from 'react';
import { api } from '@/lib/api/client';
import type { OrderEventJson } from '@/lib/orders/history-contracts';
import type { OrderJson } from '@/lib/orders/contracts';

/** The key to give <OrderHistory>: a change it would record (a save, a refund, a payment) reads the history again. */
export const historyKey = (order: OrderJson) =>
  [order.order_id, order.status, order.payment_status, order.sales_message ?? '', order.customer_message ?? '', order.delivery?.date ?? '', order.delivery?.window ?? ''].join('|');

const ACTOR_WORDS = { staff: 'Staff', customer: 'Customer', system: 'Shop' } as const;

export function OrderHistory({ orderId, timeZone, staff = false }: { orderId: number; timeZone: string; staff?: boolean }) {
  const [events, setEvents] = useState<OrderEventJson[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    api.orders
      .history(orderId)
      .then((h) => {
        if (!live) return;
        setEvents(h.events);
        setFailed(false);
      })
      .catch((e: unknown) => {
        console.error('[orders] history failed to load', e);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [orderId]);

  const when = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (
    <section aria-labelledby={`history-${orderId}`} className="text-sm" data-testid={`order-history-${orderId}`}>
      <h3 id={`history-${orderId}`} className="font-medium text-ink">
        History
      </h3>
      {failed ? <p className="mt-1 text-muted">We could not load this order’s history. Please try again later.</p> : null}
      {events === null && !failed ? <p className="mt-1 text-muted">Loading…</p> : null}
      {events && events.length === 0 ? <p className="mt-1 text-muted">Nothing recorded yet.</p> : null}
      {events && events.length > 0 ? (
        <ol className="ml-1.5 mt-2 space-y-2 border-l border-line pl-4">
          {events.map((e) => (
            <li key={e.event_id} className="relative" data-testid="history-entry">
              <span aria-hidden className="absolute -left-[21px] top-1.5 size-2 rounded-full bg-brand" />
              <time dateTime={e.at} className="block text-xs text-muted">
                {when.format(new Date(e.at))}
                {staff ? ` · ${e.by ? `${e.by} (${ACTOR_WORDS[e.actor].toLowerCase()})` : ACTOR_WORDS[e.actor]}` : ''}
              </time>
              <span className="text-ink">{e.text}</span>
              {e.note ? (
                <span className="block break-words text-muted">
                  {e.note_label ? `${e.note_label}: ` : ''}
                  {e.note}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
