'use client';
/**
 * When an unpaid order stops holding its stock (docs/orders.md): "Pay by
 * 3:45 pm" in the shop's time zone (with the day when it is not the day the order was placed), and,
 * once in the browser, how long is left ("Expires in 42 minutes"), refreshed every half minute.
 * Past the deadline it says the order will be cancelled: it can still be paid until the shop
 * releases it. The countdown is left out of the server's HTML (it would differ from the browser's),
 * so the first render is the same in both.
 */
import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { format, formatDistanceStrict } from 'date-fns';
import { tz } from '@date-fns/tz';

const TICK_MS = 30_000;

/** The deadline as the list shows it: the time, with the day when the order was placed on another day. */
export function payByText(holdIso: string, orderIso: string, timeZone: string): string {
  const inZone = { in: tz(timeZone) };
  const hold = new Date(holdIso);
  const sameDay = format(hold, 'yyyy-MM-dd', inZone) === format(new Date(orderIso), 'yyyy-MM-dd', inZone);
  return format(hold, sameDay ? 'h:mm aaa' : 'EEE d MMM, h:mm aaa', inZone);
}

/** "Expires in 42 minutes" / "Expires in 3 hours" / "Expires in under a minute" (rounded down: never promises more time than is left). */
export function expiresInText(holdIso: string, now: Date): string {
  const hold = new Date(holdIso);
  if (hold.getTime() - now.getTime() < 60_000) return 'Expires in under a minute';
  return `Expires in ${formatDistanceStrict(hold, now, { roundingMethod: 'floor' })}`;
}

export function HoldDeadline({ holdExpiresAt, orderDate, timeZone, className }: { holdExpiresAt: string; orderDate: string; timeZone: string; className?: string }) {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    const tick = () => setNow(new Date());
    tick();
    const id = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(id);
  }, []);

  const at = payByText(holdExpiresAt, orderDate, timeZone);
  const over = now !== null && new Date(holdExpiresAt).getTime() <= now.getTime();
  return (
    <p data-testid="order-hold" className={clsx('mt-1 text-xs leading-snug', over ? 'text-danger' : 'text-warning', className)}>
      {over ? (
        <>
          Time to pay ran out at <time dateTime={holdExpiresAt}>{at}</time>
          <span className="block">It will be cancelled soon.</span>
        </>
      ) : (
        <>
          Pay by <time dateTime={holdExpiresAt}>{at}</time>
          {now ? <span className="block">{expiresInText(holdExpiresAt, now)}</span> : null}
        </>
      )}
    </p>
  );
}
