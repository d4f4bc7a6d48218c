/** The order transition table (lib/orders/rules.ts): who may move an order where, the refusals' messages and the stock effect. */
import { describe, expect, test } from 'vitest';
import { allowedStaffStatuses, isOpenForCustomer, NOT_CLICK_AND_COLLECT, NOT_DELIVERY, ORDER_STATUSES, PAYMENT_STATUSES, transition, type OrderFacts, type OrderStatus, type PaymentStatus } from '@/lib/orders/rules';

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
  const staff = (from: OrderStatus, paymentStatus: PaymentStatus, deliveryKind: string | null, to: OrderStatus | 'deleted') => transition(order(from, paymentStatus, { userId: 99, deliveryKind }), to, admin);
  const conflictOf = (t: ReturnType<typeof transition>) => (t && 'refused' in t ? t.refused : null);

  test('moves a paid order along its fulfilment: delivery pending → processing → shipped → delivered, click & collect → ready for collection → collected', () => {
    const none = { stock: 'none', stopPayments: false };
    for (const paymentStatus of ['paid', 'partially_refunded'] as const) {
      expect(staff('pending', paymentStatus, 'two_person', 'processing')).toEqual(none);
      expect(staff('processing', paymentStatus, 'courier', 'shipped')).toEqual(none);
      expect(staff('shipped', paymentStatus, null, 'delivered')).toEqual(none);
      expect(staff('pending', paymentStatus, 'click_collect', 'processing')).toEqual(none);
      expect(staff('processing', paymentStatus, 'click_collect', 'ready_for_collection')).toEqual(none);
      expect(staff('ready_for_collection', paymentStatus, 'click_collect', 'collected')).toEqual(none);
    }
    expect(staff('processing', 'paid', 'courier', 'processing')).toBeNull();
  });

  test('an unpaid order is not processed, shipped nor made ready: it stays pending until paid (the shop has no on-account payment)', () => {
    expect(conflictOf(staff('pending', 'unpaid', 'courier', 'processing'))).toEqual({ code: 'conflict', message: 'This order has not been paid, so it cannot become processing. It stays pending until the customer pays.' });
    expect(conflictOf(staff('processing', 'unpaid', 'courier', 'shipped'))?.code).toBe('conflict');
    expect(conflictOf(staff('processing', 'unpaid', 'click_collect', 'ready_for_collection'))?.code).toBe('conflict');
    expect(conflictOf(staff('cancelled', 'unpaid', 'courier', 'processing'))?.code).toBe('conflict');
  });

  test('a paid, partly refunded or refunded order never goes back to pending', () => {
    for (const paymentStatus of ['paid', 'partially_refunded', 'refunded'] as const) {
      for (const from of ['processing', 'cancelled'] as const) {
        expect(conflictOf(staff(from, paymentStatus, 'courier', 'pending'))?.message).toMatch(/cannot go back to pending/);
      }
    }
    expect(staff('processing', 'unpaid', 'courier', 'pending')).toEqual({ stock: 'none', stopPayments: false });
  });

  test('shipped and delivered belong to delivery orders', () => {
    for (const to of ['shipped', 'delivered'] as const) expect(conflictOf(staff('processing', 'paid', 'click_collect', to))).toEqual({ code: 'conflict', message: NOT_DELIVERY });
  });

  test('no step is skipped, and a delivered or collected order is final', () => {
    expect(conflictOf(staff('pending', 'paid', 'courier', 'shipped'))?.message).toBe('A pending order cannot become shipped; it can become processing or cancelled.');
    expect(conflictOf(staff('pending', 'paid', 'courier', 'delivered'))?.code).toBe('conflict');
    // Straight from processing to handed over: delivered the same day, collected at the counter.
    expect(staff('processing', 'paid', 'courier', 'delivered')).toEqual({ stock: 'none', stopPayments: false });
    expect(staff('processing', 'paid', 'click_collect', 'collected')).toEqual({ stock: 'none', stopPayments: false });
    expect(conflictOf(staff('processing', 'unpaid', 'courier', 'delivered'))?.code).toBe('conflict');
    for (const to of ORDER_STATUSES.filter((s) => s !== 'delivered')) expect(conflictOf(staff('delivered', 'paid', 'courier', to))?.message).toMatch(/can no longer change/);
    for (const to of ORDER_STATUSES.filter((s) => s !== 'collected')) expect(conflictOf(staff('collected', 'paid', 'click_collect', to))?.code).toBe('conflict');
  });

  test('cancelling returns the stock and stops payment attempts; re-opening (unpaid → pending, paid → processing) reserves it again; refunded in full is not re-opened', () => {
    for (const from of ['pending', 'processing', 'shipped'] as const) expect(staff(from, 'paid', 'courier', 'cancelled')).toEqual({ stock: 'return', stopPayments: true });
    expect(staff('ready_for_collection', 'paid', 'click_collect', 'cancelled')).toEqual({ stock: 'return', stopPayments: true });
    expect(staff('cancelled', 'unpaid', 'courier', 'pending')).toEqual({ stock: 'reserve', stopPayments: false });
    expect(staff('cancelled', 'paid', 'click_collect', 'processing')).toEqual({ stock: 'reserve', stopPayments: false });
    expect(conflictOf(staff('cancelled', 'refunded', 'courier', 'processing'))?.message).toMatch(/refunded in full/);
  });

  test("allowedStaffStatuses offers the order's own status and the moves transition() allows", () => {
    expect(allowedStaffStatuses({ status: 'pending', paymentStatus: 'unpaid', deliveryKind: 'courier' })).toEqual(['pending', 'cancelled']);
    expect(allowedStaffStatuses({ status: 'processing', paymentStatus: 'paid', deliveryKind: 'courier' })).toEqual(['processing', 'shipped', 'delivered', 'cancelled']);
    expect(allowedStaffStatuses({ status: 'processing', paymentStatus: 'paid', deliveryKind: 'click_collect' })).toEqual(['processing', 'cancelled', 'ready_for_collection', 'collected']);
    expect(allowedStaffStatuses({ status: 'delivered', paymentStatus: 'paid', deliveryKind: 'courier' })).toEqual(['delivered']);
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
    expect(transition(overdue, 'processing', admin)).toMatchObject({ refused: { code: 'conflict' } });
    expect(transition({ ...overdue, paymentStatus: 'paid' }, 'processing', admin)).toEqual({ stock: 'none', stopPayments: false });
  });
});
