/**
 * Finance Center from real data (docs/architecture.md "Finance Center"): transactions (payments, refunds,
 * manual entries), invoices from orders, payouts, and the CSV report for a date range.
 * Dates are calendar days in the store's time zone (Pacific/Auckland by default).
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import * as txRoute from '@/app/api/finance/transactions/route';
import * as invoicesRoute from '@/app/api/finance/invoices/route';
import * as payoutsRoute from '@/app/api/finance/payouts/route';
import * as reportRoute from '@/app/api/finance/report/route';
import { db } from '@/db/client';
import { eq } from 'drizzle-orm';
import { orders } from '@/db/schema';
import { issueCreditNote, issueInvoice } from '@/lib/finance/tax-documents';
import { createUser, tokenFor } from '../support/factories';
import { createOrder, createPayment, createRefundRow } from '../support/admin-ops';
import { call } from '../support/http';

async function adminToken() {
  return tokenFor(await createUser({ isAdmin: true }));
}

describe('/api/finance', () => {
  test('POST /api/finance/transactions — records a manual entry (201) that the history lists', async () => {
    const token = await adminToken();
    const res = await call(txRoute.POST, { method: 'POST', token, body: { date: '2024-07-15', description: 'Showroom rent — July', amount: '1850.5', type: 'expense' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ date: '2024-07-15', description: 'Showroom rent — July', amount: 1850.5, type: 'expense', source: 'manual' });
    const list = await call(txRoute.GET, { token, url: '/api/finance/transactions?from=2024-07-15&to=2024-07-15' });
    expect(list.status).toBe(200);
    expect(list.body.transactions).toContainEqual(res.body);
  });

  test('POST /api/finance/transactions — 400 for a missing description, a zero or negative amount, a bad type or date', async () => {
    const token = await adminToken();
    const good = { date: '2024-07-15', description: 'Fabric samples', amount: 40, type: 'expense' };
    for (const body of [
      { ...good, description: '' },
      { ...good, amount: 0 },
      { ...good, amount: -5 },
      { ...good, amount: 1.005 },
      { ...good, amount: 'lots' },
      { ...good, type: 'gift' },
      { ...good, date: '2024-02-30' },
      { ...good, date: '15/07/2024' },
    ]) {
      const res = await call(txRoute.POST, { method: 'POST', token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  test('GET /api/finance/transactions — a payment is income, a refunded payment is income then an expense, with the order number', async () => {
    const token = await adminToken();
    const { order: paid } = await createOrder({ lines: [{ unitPrice: 25000 }], paymentStatus: 'paid' });
    const { order: refunded } = await createOrder({ lines: [{ unitPrice: 9900 }], paymentStatus: 'refunded' });
    // 2024-08-10 00:30 and 01:00 in Auckland (NZST, UTC+12).
    await createPayment(paid, { createdAt: new Date('2024-08-09T12:30:00Z') });
    const refundedPayment = await createPayment(refunded, { status: 'refunded', createdAt: new Date('2024-08-09T13:00:00Z'), updatedAt: new Date('2024-08-11T01:00:00Z') });
    // The refund itself: an expense dated when it settled.
    await createRefundRow(refundedPayment, { settledAt: new Date('2024-08-11T01:00:00Z') });
    await createPayment(paid, { status: 'failed', createdAt: new Date('2024-08-09T14:00:00Z') });
    const res = await call(txRoute.GET, { token, url: '/api/finance/transactions?from=2024-08-10&to=2024-08-11' });
    expect(res.status).toBe(200);
    const rows = res.body.transactions.map((t: { date: string; type: string; amount: number; reference: string }) => [t.date, t.type, t.amount, t.reference]);
    expect(rows).toEqual([
      ['2024-08-11', 'expense', 99, `Order #${refunded.id}`],
      ['2024-08-10', 'income', 99, `Order #${refunded.id}`],
      ['2024-08-10', 'income', 250, `Order #${paid.id}`],
    ]);
    // The day before in Auckland holds none of them, although it is the same UTC day.
    expect((await call(txRoute.GET, { token, url: '/api/finance/transactions?from=2024-08-09&to=2024-08-09' })).body.transactions).toEqual([]);
  });

  test('GET /api/finance/invoices — one per order, with its tax invoice number once paid, paid or pending; unpaid cancellations have none', async () => {
    const token = await adminToken();
    const { order: paid } = await createOrder({ lines: [{ unitPrice: 12000 }], paymentStatus: 'paid' });
    const invoice = await db.transaction((tx) => issueInvoice(tx, paid.id));
    const { order: open } = await createOrder({ lines: [{ unitPrice: 3000 }] });
    const { order: dropped } = await createOrder({ status: 'cancelled' });
    const res = await call(invoicesRoute.GET, { token, url: '/api/finance/invoices?limit=100' });
    expect(res.status).toBe(200);
    const byOrder = new Map(res.body.invoices.map((i: { order_id: number }) => [i.order_id, i]));
    expect(byOrder.get(paid.id)).toMatchObject({ number: `INV-${String(invoice.number).padStart(6, '0')}`, amount: 120, status: 'paid' });
    expect(byOrder.get(open.id)).toMatchObject({ number: null, amount: 30, status: 'pending' });
    expect(byOrder.has(dropped.id)).toBe(false);
  });

  test('POST /api/finance/payouts — records a payout (201) listed newest first; 400 without a recipient', async () => {
    const token = await adminToken();
    const older = await call(payoutsRoute.POST, { method: 'POST', token, body: { date: '2024-05-01', amount: 3000, recipient: 'Totara Home Ltd — ANZ', status: 'processed' } });
    const newer = await call(payoutsRoute.POST, { method: 'POST', token, body: { date: '2024-06-01', amount: 1500.75, recipient: 'Totara Home Ltd — ANZ' } });
    expect(older.status).toBe(201);
    expect(newer.body).toMatchObject({ date: '2024-06-01', amount: 1500.75, status: 'pending' });
    const list = await call(payoutsRoute.GET, { token });
    const ids = list.body.payouts.map((p: { id: number }) => p.id);
    expect(ids.indexOf(newer.body.id)).toBeLessThan(ids.indexOf(older.body.id));
    expect((await call(payoutsRoute.POST, { method: 'POST', token, body: { date: '2024-06-01', amount: 10, recipient: ' ' } })).status).toBe(400);
    expect((await call(payoutsRoute.POST, { method: 'POST', token, body: { date: '2024-06-01', amount: 10, recipient: 'X', status: 'lost' } })).status).toBe(400);
  });

  test('GET /api/finance/report — a CSV attachment of the range: payments, refunds, manual entries and payouts, oldest first', async () => {
    const token = await adminToken();
    const { order } = await createOrder({ lines: [{ unitPrice: 45000 }], paymentStatus: 'paid' });
    await createPayment(order, { createdAt: new Date('2023-03-01T20:00:00Z') }); // 2 March 09:00 NZDT
    await call(txRoute.POST, { method: 'POST', token, body: { date: '2023-03-05', description: 'Delivery van, "Ute" fuel', amount: 120.4, type: 'expense' } });
    await call(txRoute.POST, { method: 'POST', token, body: { date: '2023-04-01', description: 'Outside the range', amount: 1, type: 'income' } });
    await call(payoutsRoute.POST, { method: 'POST', token, body: { date: '2023-03-31', amount: 300, recipient: 'Owner', status: 'processed' } });

    const res = await call(reportRoute.GET, { token, url: '/api/finance/report?from=2023-03-01&to=2023-03-31' });
    expect(res.status).toBe(200);
    expect(res.res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.res.headers.get('content-disposition')).toMatch(/^attachment; filename=".*2023-03-01.*2023-03-31.*\.csv"$/);
    const rows = parse(res.body as string, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual(['date', 'type', 'description', 'reference', 'amount', 'gst']);
    expect(rows.filter((r) => r.type !== 'total')).toEqual([
      { date: '2023-03-02', type: 'income', description: `Payment for order #${order.id} (demo)`, reference: `Order #${order.id}`, amount: '450.00', gst: '' },
      { date: '2023-03-05', type: 'expense', description: 'Delivery van, "Ute" fuel', reference: '', amount: '120.40', gst: '' },
      { date: '2023-03-31', type: 'payout', description: 'Payout to Owner (processed)', reference: '', amount: '300.00', gst: '' },
    ]);
  });

  test('GET /api/finance/report — a GST column from the tax invoice and credit note, and totals rows that add the columns up', async () => {
    const token = await adminToken();
    // $1,150.00 GST inclusive at 15%: $150.00 GST; a $230.00 refund gives back $30.00 GST.
    const { order } = await createOrder({ lines: [{ unitPrice: 115000 }], paymentStatus: 'partially_refunded' });
    await db.update(orders).set({ gstAmount: 15000 }).where(eq(orders.id, order.id));
    const payment = await createPayment(order, { createdAt: new Date('2022-09-05T01:00:00Z') });
    await db.transaction((tx) => issueInvoice(tx, order.id));
    const refund = await createRefundRow(payment, { amount: 23000, settledAt: new Date('2022-09-07T01:00:00Z') });
    await db.transaction((tx) => issueCreditNote(tx, { orderId: order.id, refundId: refund.id, amount: 23000 }));
    await call(txRoute.POST, { method: 'POST', token, body: { date: '2022-09-08', description: 'Packing tape', amount: 300, type: 'expense' } });
    await call(payoutsRoute.POST, { method: 'POST', token, body: { date: '2022-09-09', amount: 500, recipient: 'Owner', status: 'processed' } });

    const res = await call(reportRoute.GET, { token, url: '/api/finance/report?from=2022-09-01&to=2022-09-30' });
    const rows = parse(res.body as string, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.type, r.amount, r.gst])).toEqual([
      ['income', '1150.00', '150.00'],
      ['expense', '230.00', '30.00'],
      ['expense', '300.00', ''],
      ['payout', '500.00', ''],
      ['total', '1150.00', '150.00'],
      ['total', '530.00', '30.00'],
      ['total', '620.00', '120.00'],
      ['total', '500.00', ''],
    ]);
    expect(rows.filter((r) => r.type === 'total').map((r) => r.description)).toEqual(['Total income', 'Total expenses', 'Net (income less expenses)', 'Total payouts']);

    // The Finance Center shows the same figures for the range, and each transaction's GST.
    const list = await call(txRoute.GET, { token, url: '/api/finance/transactions?from=2022-09-01&to=2022-09-30' });
    expect(list.body.totals).toEqual({ income: 1150, expenses: 530, net: 620, gst_collected: 150, gst_refunded: 30, gst_net: 120, payouts: 500 });
    expect(list.body.transactions.map((t: { gst: number | null }) => t.gst)).toEqual([null, 30, 150]);
  });

  test('GET /api/finance/report — 400 without dates, with a bad date or with from after to', async () => {
    const token = await adminToken();
    for (const q of ['', '?from=2023-03-01', '?from=2023-03-01&to=2023-02-01', '?from=yesterday&to=2023-03-01']) {
      const res = await call(reportRoute.GET, { token, url: `/api/finance/report${q}` });
      expect(res.status, q).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });
});
