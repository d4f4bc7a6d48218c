/** How Your Orders words an unpaid order's deadline (components/orders/hold-deadline.tsx), in the store's time zone. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { HoldDeadline, expiresInText, payByText } from '@/components/orders/hold-deadline';

describe('the deadline of an unpaid order', () => {
  test('"Pay by" gives the time in the store time zone, and the day too when it falls on another day than the order', () => {
    // 02:45 UTC on 4 May 2026 is 2:45 pm in Auckland (NZST, +12).
    expect(payByText('2026-05-04T02:45:00Z', '2026-05-04T01:45:00Z', 'Pacific/Auckland')).toBe('2:45 pm');
    expect(payByText('2026-05-04T02:45:00Z', '2026-05-04T01:45:00Z', 'UTC')).toBe('2:45 am');
    // Placed at 11:30 pm, due 12:30 am the next day.
    expect(payByText('2026-05-04T12:30:00Z', '2026-05-04T11:30:00Z', 'Pacific/Auckland')).toBe('Tue 5 May, 12:30 am');
  });

  test('"Expires in" rounds down, so it never promises more time than is left', () => {
    const hold = '2026-05-04T02:45:00Z';
    expect(expiresInText(hold, new Date('2026-05-04T02:03:00Z'))).toBe('Expires in 42 minutes');
    expect(expiresInText(hold, new Date('2026-05-04T02:03:30Z'))).toBe('Expires in 41 minutes');
    expect(expiresInText(hold, new Date('2026-05-04T02:44:30Z'))).toBe('Expires in under a minute');
    expect(expiresInText(hold, new Date('2026-05-03T23:00:00Z'))).toBe('Expires in 3 hours');
  });

  test('the server renders only the time (the countdown appears in the browser), so both renders agree', () => {
    const html = renderToStaticMarkup(createElement(HoldDeadline, { holdExpiresAt: '2026-05-04T02:45:00.000Z', orderDate: '2026-05-04T01:45:00.000Z', timeZone: 'Pacific/Auckland' }));
    expect(html).toContain('Pay by <time dateTime="2026-05-04T02:45:00.000Z">2:45 pm</time>');
    expect(html).not.toContain('Expires in');
  });
});
