import { describe, expect, test } from 'vitest';
import { RETURN_MOVES, mayRequestReturn, returnTransition } from '@/lib/orders/return-rules';
import { RETURN_STATUSES } from '@/db/statuses';

const admin = { id: 1, isAdmin: true };
const owner = { id: 7, isAdmin: false };

describe('return rules (lib/orders/return-rules.ts)', () => {
  test('an administrator moves a return one step along the diagram and nowhere else', () => {
    const allowed: string[] = [];
    for (const from of RETURN_STATUSES) for (const to of RETURN_STATUSES) if (returnTransition({ status: from, userId: 7 }, to, admin) === null) allowed.push(`${from}→${to}`);
    expect(allowed.sort()).toEqual(['approved→received', 'received→refunded', 'requested→approved', 'requested→declined']);
    expect(RETURN_MOVES.declined).toEqual([]);
    expect(RETURN_MOVES.refunded).toEqual([]);
  });

  test('a customer moves no return: 403 on their own, 404 on anyone else’s', () => {
    expect(returnTransition({ status: 'requested', userId: 7 }, 'approved', owner)?.refused.code).toBe('forbidden');
    expect(returnTransition({ status: 'requested', userId: 8 }, 'approved', owner)?.refused.code).toBe('not_found');
  });

  test('a return may be asked for on a delivered, paid order of one’s own, until the window closes', () => {
    const deliveredAt = new Date('2026-03-01T00:00:00Z');
    const order = { userId: 7, status: 'delivered' as const, paymentStatus: 'paid' as const, deliveredAt, updatedAt: deliveredAt };
    const day = (n: number) => new Date(deliveredAt.getTime() + n * 86_400_000);
    expect(mayRequestReturn(order, owner, 30, day(30))).toBeNull();
    expect(mayRequestReturn(order, owner, 30, day(30.01))?.refused.message).toMatch(/^The 30-day return window/);
    expect(mayRequestReturn({ ...order, paymentStatus: 'partially_refunded' }, owner, 30, day(1))).toBeNull();
    expect(mayRequestReturn({ ...order, paymentStatus: 'refunded' }, owner, 30, day(1))?.refused.code).toBe('conflict');
    expect(mayRequestReturn({ ...order, status: 'shipped' }, owner, 30, day(1))?.refused.message).toBe('Items can be returned once the order has been delivered.');
    expect(mayRequestReturn({ ...order, userId: 8 }, owner, 30, day(1))?.refused.code).toBe('not_found');
    // Delivered before delivered_at existed: the last update stands in.
    expect(mayRequestReturn({ ...order, deliveredAt: null }, owner, 30, day(10))).toBeNull();
  });
});
