/** The order transition table (lib/orders/rules.ts): who may move an order where, the refusals' messages and the stock effect. */
import { describe, expect, test } from 'vitest';
import { isOpenForCustomer, NOT_CLICK_AND_COLLECT, ORDER_STATUSES, PAYMENT_STATUSES, transition, type OrderFacts, type OrderStatus, type PaymentStatus } from '@/lib/orders/rules';

const customer = { id: 7, isAdmin: false };
const admin = { id: 1, isAdmin: true };
const order = (status: OrderStatus, paymentStatus: PaymentStatus = 'unpaid', extra: Partial<OrderFacts> = {}): OrderFacts => ({ userId: customer.id, status, paymentStatus, ...extra });

describe('isOpenForCustomer', () => {
  test('only a pending, unpaid order is open', () => {
    for (const status of ORDER_STATUSES) {
      for (const paymentStatus of PAYMENT_STATUSES) {
        expect(isOpenForCustomer({ status, paymentStatus })).toBe(status === 'pending' && paymentStatus === 'unpaid');
      }
    }
  });
});

describe('transition — a customer', () => {
  test('cancels their own pending, unpaid order: the stock returns and payment attempts stop', () => {
    expect(transition(order('pending'), 'cancelled', customer)).toEqual({ stock: 'return', stopPayments: true });
  });

  test("someone else's order is not found", () => {
    expect(transition(order('pending', 'unpaid', { userId: 99 }), 'cancelled', customer)).toEqual({ refused: { code: 'not_found', message: 'Order not found.' } });
  });

  test('is told why an order can no longer be cancelled', () => {
    expect(transition(order('cancelled'), 'cancelled', customer)).toEqual({ refused: { code: 'conflict', message: 'This order has already been cancelled.' } });
    const paid = { refused: { code: 'conflict', message: 'This order has been paid and can no longer be cancelled. Please contact us about a refund.' } };
    expect(transition(order('pending', 'paid'), 'cancelled', customer)).toEqual(paid);
    expect(transition(order('processing', 'refunded'), 'cancelled', customer)).toEqual(paid);
    expect(transition(order('shipped'), 'cancelled', customer)).toEqual({ refused: { code: 'conflict', message: 'This order is already shipped and can no longer be cancelled.' } });
  });

  test('may not set any other status nor delete an order', () => {
    for (const to of ['pending', 'processing', 'shipped', 'delivered', 'deleted'] as const) {
      expect(transition(order('pending'), to, customer)).toEqual({ refused: { code: 'forbidden', message: 'Administrators only.' } });
    }
  });
});

describe('transition — an administrator', () => {
  test('sets any status; cancelling returns the stock and stops payment attempts, re-opening reserves it again', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        // A click & collect order may take every status (the collection ones only it: next test).
        const t = transition(order(from, 'paid', { userId: 99, deliveryKind: 'click_collect' }), to, admin);
        if (from === to) expect(t).toBeNull();
        else if (to === 'cancelled') expect(t).toEqual({ stock: 'return', stopPayments: true });
        else if (from === 'cancelled') expect(t).toEqual({ stock: 'reserve', stopPayments: false });
        else expect(t).toEqual({ stock: 'none', stopPayments: false });
      }
    }
  });

  test('ready for collection and collected belong to click & collect orders only', () => {
    for (const deliveryKind of ['courier', 'two_person', null]) {
      for (const to of ['ready_for_collection', 'collected'] as const) {
        expect(transition(order('processing', 'paid', { deliveryKind }), to, admin)).toEqual({ refused: { code: 'conflict', message: NOT_CLICK_AND_COLLECT } });
      }
    }
    expect(transition(order('processing', 'paid', { deliveryKind: 'click_collect' }), 'ready_for_collection', admin)).toEqual({ stock: 'none', stopPayments: false });
    expect(transition(order('ready_for_collection', 'paid', { deliveryKind: 'click_collect' }), 'collected', admin)).toEqual({ stock: 'none', stopPayments: false });
    // A customer still cannot move it.
    expect(transition(order('processing', 'paid', { deliveryKind: 'click_collect' }), 'collected', customer)).toEqual({ refused: { code: 'forbidden', message: 'Administrators only.' } });
  });

  test('deletes an unpaid order; its stock returns unless it was cancelled', () => {
    expect(transition(order('pending'), 'deleted', admin)).toEqual({ stock: 'return', stopPayments: false });
    expect(transition(order('processing'), 'deleted', admin)).toEqual({ stock: 'return', stopPayments: false });
    expect(transition(order('cancelled'), 'deleted', admin)).toEqual({ stock: 'none', stopPayments: false });
  });

  test('cannot delete a paid or refunded order', () => {
    const paid = { refused: { code: 'conflict', message: 'A paid order cannot be deleted; refund it first.' } };
    expect(transition(order('processing', 'paid'), 'deleted', admin)).toEqual(paid);
    expect(transition(order('cancelled', 'paid'), 'deleted', admin)).toEqual(paid);
    expect(transition(order('pending', 'unpaid', { hasCapturedPayment: true }), 'deleted', admin)).toEqual(paid);
    expect(transition(order('delivered', 'refunded'), 'deleted', admin)).toEqual({
      refused: { code: 'conflict', message: 'A refunded order is kept for the finance records and cannot be deleted.' },
    });
  });
});

describe('transition — expiry (the shop itself)', () => {
  const now = new Date('2026-05-04T03:00:00Z');
  const expiry = { system: 'expiry', now } as const;
  const past = new Date(now.getTime() - 60_000);
  const ahead = new Date(now.getTime() + 60_000);

  test('cancels a pending, unpaid order whose hold ran out: the stock returns and payment attempts stop', () => {
    expect(transition(order('pending', 'unpaid', { holdExpiresAt: past }), 'cancelled', expiry)).toEqual({ stock: 'return', stopPayments: true });
    expect(transition(order('pending', 'unpaid', { holdExpiresAt: now }), 'cancelled', expiry)).toEqual({ stock: 'return', stopPayments: true });
  });

  test('leaves every other order alone, saying why', () => {
    const refused = (message: string) => ({ refused: { code: 'conflict', message } });
    expect(transition(order('pending', 'unpaid', { holdExpiresAt: ahead }), 'cancelled', expiry)).toEqual(refused('This order is still within its time to pay.'));
    expect(transition(order('pending', 'unpaid', { holdExpiresAt: null }), 'cancelled', expiry)).toEqual(refused('This order holds its stock without a time limit.'));
    expect(transition(order('pending', 'unpaid'), 'cancelled', expiry)).toEqual(refused('This order holds its stock without a time limit.'));
    expect(transition(order('pending', 'unpaid', { holdExpiresAt: past, paymentInProgress: true }), 'cancelled', expiry)).toEqual(refused('A payment of this order is being processed; it does not expire.'));
    expect(transition(order('cancelled', 'unpaid', { holdExpiresAt: past }), 'cancelled', expiry)).toEqual(refused('This order has already been cancelled.'));
    for (const paymentStatus of PAYMENT_STATUSES.filter((p) => p !== 'unpaid')) {
      expect(transition(order('pending', paymentStatus, { holdExpiresAt: past }), 'cancelled', expiry)).toEqual(refused('This order has been paid; it does not expire.'));
    }
    for (const status of ['processing', 'shipped', 'delivered'] as const) {
      expect(transition(order(status, 'unpaid', { holdExpiresAt: past }), 'cancelled', expiry)).toEqual(refused(`This order is already ${status}; it does not expire.`));
    }
  });

  test('can only cancel: no other status, no deleting, whoever owns the order', () => {
    for (const to of ['pending', 'processing', 'shipped', 'delivered', 'deleted'] as const) {
      expect(transition(order('pending', 'unpaid', { holdExpiresAt: past, userId: 99 }), to, expiry)).toEqual({ refused: { code: 'forbidden', message: 'Expiry can only cancel an order.' } });
    }
  });

  test('people are not judged by the hold: a customer may still cancel, an administrator still move, an order past its hold', () => {
    const overdue = order('pending', 'unpaid', { holdExpiresAt: past });
    expect(transition(overdue, 'cancelled', customer)).toEqual({ stock: 'return', stopPayments: true });
    expect(transition(overdue, 'processing', admin)).toEqual({ stock: 'none', stopPayments: false });
  });
});
