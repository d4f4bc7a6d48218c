'use client';
/**
 * A two-person delivery's day and window: a select of the offered days that
 * still have room, and the morning or afternoon (a window without room is struck through).
 * Used by the order confirmation and by Change delivery day on Your Orders.
 */
import clsx from 'clsx';
import { inputClass } from '@/components/auth/field';
import { formatDay, WINDOW_TEXT } from '@/lib/delivery/calendar';

export type DaySlot = { date: string; window: 'morning' | 'afternoon' };
export type OfferedDay = { date: string; windows: DaySlot['window'][] };

export function DeliveryDayPicker({ days, slot, onChange, disabled, name = 'deliveryWindow', className }: { days: OfferedDay[]; slot: DaySlot; onChange: (slot: DaySlot) => void; disabled: boolean; name?: string; className?: string }) {
  const day = days.find((d) => d.date === slot.date) ?? days[0];
  return (
    <div className={clsx('grid gap-3 sm:grid-cols-2', className)} data-testid="delivery-slot">
      <label className="block text-sm">
        <span className="mb-1 block font-medium text-ink">Delivery day</span>
        <select
          className={inputClass}
          value={slot.date}
          disabled={disabled}
          onChange={(e) => {
            const next = days.find((d) => d.date === e.target.value)!;
            onChange({ date: next.date, window: next.windows.includes(slot.window) ? slot.window : next.windows[0] });
          }}
        >
          {days.map((d) => (
            <option key={d.date} value={d.date}>
              {formatDay(d.date)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="text-sm">
        <legend className="mb-1 font-medium text-ink">Time window</legend>
        <div className="flex flex-wrap gap-4 pt-1.5">
          {(['morning', 'afternoon'] as const).map((w) => (
            <label key={w} className={clsx('flex items-center gap-2', !day?.windows.includes(w) && 'text-muted line-through')}>
              <input type="radio" name={name} className="size-4 accent-brand" checked={slot.window === w} disabled={disabled || !day?.windows.includes(w)} onChange={() => onChange({ date: slot.date, window: w })} />
              {WINDOW_TEXT[w]}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
