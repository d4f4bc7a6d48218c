/**
 * GET /api/dashboard — figures from real data, "today" and the chart days in the store's time zone
 * (spec §2 Dashboard, docs/architecture.md "Dashboard to be processed").
 * Counts are compared before and after each test's own fixtures, so tests stay independent.
 */
import { TZDate } from '@date-fns/tz';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { GET } from '@/app/api/dashboard/route';
import { db } from '@/db/client';
import { settings, users } from '@/db/schema';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { createOrder, createPayment, createRefundRow } from '../support/admin-ops';
import { call } from '../support/http';

const ZONE = 'Pacific/Auckland';

/** The instant the current calendar day began in `zone`. */
function startOfToday(zone = ZONE): Date {
  const now = new TZDate(Date.now(), zone);
  return new Date(new TZDate(now.getFullYear(), now.getMonth(), now.getDate(), zone).getTime());
}
const minutes = (n: number) => n * 60_000;
const days = (n: number) => n * 86_400_000;
const localDay = (d: Date, zone = ZONE) => {
  const t = new TZDate(d.getTime(), zone);
  return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
};

async function dashboard() {
  const admin = await createUser({ isAdmin: true });
  const res = await call(GET, { token: await tokenFor(admin) });
  expect(res.status).toBe(200);
  return res.body;
}

const salesOn = (body: { salesData: { date: string; sales: number }[] }, date: string) => body.salesData.find((d) => d.date === date)?.sales;

describe('GET /api/dashboard', () => {
  test('GET /api/dashboard — today means today in Pacific/Auckland: a sale a minute after local midnight is today, one a minute before is yesterday', async () => {
    const before = await dashboard();
    const midnight = startOfToday();
    const product = await createProduct({ price: 10000 });
    await createOrder({ lines: [{ product, quantity: 1, unitPrice: 12345 }], paymentStatus: 'paid', status: 'processing', paidAt: new Date(midnight.getTime() + minutes(1)), createdAt: new Date(midnight.getTime() + minutes(1)) });
    await createOrder({ lines: [{ product, quantity: 2, unitPrice: 5000 }], paymentStatus: 'paid', status: 'processing', paidAt: new Date(midnight.getTime() - minutes(1)), createdAt: new Date(midnight.getTime() - minutes(1)) });
    // Placed today but not paid: an order of today, not a sale.
    await createOrder({ lines: [{ product, quantity: 1, unitPrice: 99999 }], createdAt: new Date(midnight.getTime() + minutes(2)) });

    const after = await dashboard();
    expect(after.today).toBe(localDay(new Date()));
    expect(after.timeZone).toBe(ZONE);
    expect(after.summary.dailySales).toBeCloseTo(before.summary.dailySales + 123.45, 2);
    expect(after.summary.dailyOrders).toBe(before.summary.dailyOrders + 2);
    const today = localDay(new Date());
    const yesterday = localDay(new Date(midnight.getTime() - minutes(1)));
    expect(salesOn(after, today)).toBeCloseTo(salesOn(before, today)! + 123.45, 2);
    expect(salesOn(after, yesterday)).toBeCloseTo(salesOn(before, yesterday)! + 100, 2);
  });

  test('GET /api/dashboard — 28 days of sales, oldest first, ending today, empty days zero, older sales left out', async () => {
    const before = await dashboard();
    const midnight = startOfToday();
    const product = await createProduct();
    await createOrder({ lines: [{ product, quantity: 1, unitPrice: 4000 }], paymentStatus: 'paid', paidAt: new Date(midnight.getTime() - days(10) + minutes(30)) });
    await createOrder({ lines: [{ product, quantity: 1, unitPrice: 7700 }], paymentStatus: 'paid', paidAt: new Date(midnight.getTime() - days(40)) });
    const after = await dashboard();

    expect(after.salesData).toHaveLength(28);
    expect(after.salesData[27].date).toBe(localDay(new Date()));
    expect(after.salesData[0].date).toBe(localDay(new Date(midnight.getTime() - days(27) + minutes(60))));
    const dates = after.salesData.map((d: { date: string }) => d.date);
    expect([...dates].sort()).toEqual(dates);
    const tenDaysAgo = localDay(new Date(midnight.getTime() - days(10) + minutes(30)));
    for (const day of after.salesData as { date: string; sales: number }[]) {
      const delta = day.sales - salesOn(before, day.date)!;
      expect(delta).toBeCloseTo(day.date === tenDaysAgo ? 40 : 0, 2);
      expect(typeof day.sales).toBe('number');
    }
    // Every day is present, including days without any sale.
    expect(after.salesData.some((d: { sales: number }) => d.sales === 0)).toBe(true);
  });

  test('GET /api/dashboard — follows the time_zone setting', async () => {
    // 11:00 UTC is the next calendar day in Auckland (UTC+12/13) but the same day in Honolulu (UTC−10).
    const now = new Date();
    const instant = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 3, 11, 0));
    await db.insert(settings).values({ key: 'time_zone', value: 'Pacific/Honolulu' }).onConflictDoUpdate({ target: settings.key, set: { value: 'Pacific/Honolulu' } });
    try {
      const before = await dashboard();
      await createOrder({ lines: [{ unitPrice: 2500 }], paymentStatus: 'paid', paidAt: instant });
      const after = await dashboard();
      expect(after.timeZone).toBe('Pacific/Honolulu');
      const honoluluDay = localDay(instant, 'Pacific/Honolulu');
      expect(honoluluDay).not.toBe(localDay(instant, ZONE));
      expect(salesOn(after, honoluluDay)! - salesOn(before, honoluluDay)!).toBeCloseTo(25, 2);
    } finally {
      await db.delete(settings).where(eq(settings.key, 'time_zone'));
    }
  });

  test('GET /api/dashboard — summary counts: products not archived, members not admins nor deactivated', async () => {
    const before = await dashboard();
    await createProduct();
    await createProduct({ archivedAt: new Date() });
    await createUser();
    const gone = await createUser();
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    const after = await dashboard(); // creates one more admin, which must not count
    expect(after.summary.totalProducts).toBe(before.summary.totalProducts + 1);
    expect(after.summary.totalUsers).toBe(before.summary.totalUsers + 1);
  });

  test('GET /api/dashboard — to be processed: pending payment, shipment, receipt, resolution and refunds', async () => {
    const before = await dashboard();
    await createOrder({ status: 'pending', paymentStatus: 'unpaid' });
    await createOrder({ status: 'pending', paymentStatus: 'paid' }); // paid, awaiting processing: not pending payment
    await createOrder({ status: 'processing', paymentStatus: 'paid' });
    await createOrder({ status: 'shipped', paymentStatus: 'paid' });
    await createOrder({ status: 'shipped', paymentStatus: 'paid' });
    await createOrder({ status: 'cancelled', paymentStatus: 'paid' });
    await createOrder({ status: 'cancelled', paymentStatus: 'unpaid' });
    // Refunded (a refund row that succeeded), and one whose refund is still pending at the gateway.
    const { order: refunded } = await createOrder({ status: 'cancelled', paymentStatus: 'refunded' });
    await createRefundRow(await createPayment(refunded, { status: 'refunded' }));
    const { order: refunding } = await createOrder({ status: 'cancelled', paymentStatus: 'paid' });
    await createRefundRow(await createPayment(refunding), { status: 'pending' });
    const after = await dashboard();
    const d = (k: string) => after.toBeProcessed[k] - before.toBeProcessed[k];
    expect(d('pendingPayment')).toBe(1);
    expect(d('pendingShipment')).toBe(1);
    expect(d('pendingReceipt')).toBe(2);
    // The paid cancellation and the pending refund; the order being refunded is not counted twice.
    expect(d('pendingResolution')).toBe(2);
    expect(d('refunds')).toBe(1);
  });

  test('GET /api/dashboard — hot products ranked by units sold in paid orders, with their category', async () => {
    const big = await createProduct({ name: 'Hot Sofa' });
    const mid = await createProduct({ name: 'Warm Chair' });
    const small = await createProduct({ name: 'Mild Lamp' });
    const unpaid = await createProduct({ name: 'Unpaid Wardrobe' });
    await createOrder({ lines: [{ product: big, quantity: 600 }, { product: small, quantity: 200 }], paymentStatus: 'paid' });
    await createOrder({ lines: [{ product: big, quantity: 300 }], paymentStatus: 'paid' });
    await createOrder({ lines: [{ product: mid, quantity: 500 }], paymentStatus: 'paid' });
    await createOrder({ lines: [{ product: unpaid, quantity: 5000 }] });
    const after = await dashboard();
    const names = after.hotProducts.map((p: { name: string }) => p.name);
    expect(names.slice(0, 3)).toEqual(['Hot Sofa', 'Warm Chair', 'Mild Lamp']);
    expect(names).not.toContain('Unpaid Wardrobe');
    expect(after.hotProducts[0]).toMatchObject({ name: 'Hot Sofa', sales: 900, category: expect.stringContaining('chairs') });
    expect(after.hotProducts.length).toBeLessThanOrEqual(10);
  });
});
