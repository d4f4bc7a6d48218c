'use client';
/**
 * Change delivery day (docs/delivery.md): on Your Orders, a two-person order
 * whose booked day is more than two working days away offers this button. The Radix dialog loads
 * the days of the order's service that still have room (GET /api/orders/{id}/delivery), shows the
 * order confirmation's day-and-window picker, and moves the booking (PATCH /api/orders/{id}/delivery).
 * A window taken meanwhile answers 409: the message shows and the days are loaded again.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { toast } from 'sonner';
import type { OrderJson } from '@/lib/orders/mappers';
import { deliveryDayText, formatDay } from '@/lib/delivery/calendar';
import { ApiError, api, serverMessage } from '@/lib/api/client';
import { buttonClasses } from '@/components/ui/button';
import { DeliveryDayPicker, type DaySlot, type OfferedDay } from './delivery-day-picker';

type Loaded = { days: OfferedDay[]; slot: DaySlot | null };

const failure = (e: unknown, fallback: string) => (e instanceof ApiError && e.status > 0 && e.status < 500 ? (serverMessage(e) ?? fallback) : fallback);

export function ChangeDeliveryDay({ order, onChanged }: { order: OrderJson; onChanged: (order: OrderJson) => void }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const delivery = order.delivery;
  if (!delivery?.change_until || !delivery.date || !delivery.window) return null;
  const booked: DaySlot = { date: delivery.date, window: delivery.window };

  async function load(keepError = false) {
    if (!keepError) setError(null);
    setLoaded(null);
    try {
      const res = await api.orders.deliveryDays(order.order_id);
      // Preselect the booked day when it is offered with room, else the first free window.
      const current = res.days.find((d) => d.date === booked.date && d.windows.includes(booked.window));
      const first = res.days[0];
      setLoaded({ days: res.days, slot: current ? booked : first ? { date: first.date, window: first.windows[0] } : null });
    } catch (e) {
      setError(failure(e, 'We could not load the delivery days. Please try again.'));
      setLoaded({ days: [], slot: null });
    }
  }

  async function save() {
    if (!loaded?.slot) return;
    setSaving(true);
    setError(null);
    try {
      const updated = await api.orders.moveDelivery(order.order_id, loaded.slot);
      toast.success(`${deliveryDayText({ kind: updated.delivery?.kind ?? 'two_person', date: updated.delivery?.date ?? null, window: updated.delivery?.window ?? null })}.`);
      setOpen(false);
      onChanged(updated);
    } catch (e) {
      setError(failure(e, 'We could not change the delivery day. Please try again.'));
      // A window taken meanwhile: show what is left.
      if (e instanceof ApiError && e.status === 409) await load(true);
    } finally {
      setSaving(false);
    }
  }

  const unchanged = loaded?.slot?.date === booked.date && loaded.slot.window === booked.window;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (saving) return;
        setOpen(next);
        if (next) void load();
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className={buttonClasses('outline', 'sm', 'mt-2')}>
          Change delivery day
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card border border-line bg-surface p-6 shadow-xl">
          <Dialog.Title className="font-display text-lg text-ink">Change delivery day</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            Order #{order.order_id} is booked for {formatDay(booked.date)}, {booked.window}. You can change it until {formatDay(delivery.change_until)}.
          </Dialog.Description>
          {error ? (
            <p role="alert" className="mt-4 text-sm text-danger">
              {error}
            </p>
          ) : null}
          {!loaded ? (
            <p className="mt-4 text-sm text-muted" aria-live="polite">
              Finding delivery days…
            </p>
          ) : loaded.slot ? (
            <DeliveryDayPicker days={loaded.days} slot={loaded.slot} onChange={(slot) => setLoaded({ ...loaded, slot })} disabled={saving} name="newDeliveryWindow" className="mt-4" />
          ) : !error ? (
            <p className="mt-4 text-sm text-muted">Every other delivery day is fully booked just now. Please try again later.</p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close className={buttonClasses('outline', 'md')} disabled={saving}>
              Keep {formatDay(booked.date)}
            </Dialog.Close>
            <button type="button" className={buttonClasses('primary', 'md')} onClick={() => void save()} disabled={saving || !loaded?.slot || unchanged} aria-busy={saving}>
              {saving ? 'Saving…' : 'Save new day'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
