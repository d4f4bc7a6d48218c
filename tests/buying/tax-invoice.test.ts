/**
 * GST on orders and tax invoices (docs/gst-and-invoices.md): every order stores its
 * GST; paying it issues a tax invoice numbered in the payment's transaction, without gaps; the
 * invoice downloads as a PDF for its owner or an administrator; credit notes give back money and
 * GST so the documents always add up to what was kept.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { settings, taxDocuments } from '@/db/schema';
import { POST as submitPayment } from '@/app/api/payments/submit/route';
import { GET as invoicePdf } from '@/app/api/orders/[id]/invoice/route';
import { GET as creditNotePdf } from '@/app/api/orders/[id]/credit-notes/[number]/route';
import { GET as refundsOf, POST as refundOrder } from '@/app/api/orders/[id]/refunds/route';
import { PUT as updateItems } from '@/app/api/orders/[id]/items/route';
import { GET as getOrderRoute } from '@/app/api/orders/[id]/route';
import { issueCreditNote, nextNumber } from '@/lib/finance/tax-documents';
import { placedOrder, priceWellingtonDelivery, shopper } from '../support/buying';
import { call } from '../support/http';

/** Pays the shopper's order with a demo card entered at checkout (pm_card_visa succeeds, pm_card_chargeDeclined declines). */
async function pay(token: string, orderId: number, pm = 'pm_card_visa') {
  return call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId, stripePaymentMethodId: pm } });
}

const invoiceOf = async (orderId: number) => (await db.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice'))))[0];
const setSetting = (key: string, value: string | number | boolean) =>
  db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });

// The arithmetic below needs a known delivery fee: $49, free from $500.
beforeAll(() => priceWellingtonDelivery(4_900, 50_000));

afterEach(async () => {
  await db.delete(settings).where(sql`${settings.key} IN ('prices_include_gst', 'gst_rate_percent', 'gst_number', 'store_name')`);
});

describe('GST of an order', () => {
  test('POST /api/orders — prices include GST: the order stores the GST its total contains, goods and delivery, rounded once', async () => {
    // 2 × $199.99 + $49 delivery = $448.98 → × 3/23 = $58.5626… → $58.56.
    const { order, token } = await placedOrder({ price: 19_999, quantity: 2 });
    expect(order).toMatchObject({ total_amount: 448.98, gst_amount: 58.56, gst_rate_percent: 15, prices_include_gst: true });
    const again = await call(getOrderRoute, { url: `/api/orders/${order.order_id}`, params: { id: String(order.order_id) }, token });
    expect(again.body.gst_amount).toBe(58.56);
  });

  test('POST /api/orders — prices exclude GST: GST is added on top and the customer is charged it', async () => {
    await setSetting('prices_include_gst', false);
    // $199 + $49 = $248 before GST; GST $37.20; total $285.20.
    const { order } = await placedOrder({ price: 19_900 });
    expect(order).toMatchObject({ subtotal: 199, shipping_fee: 49, gst_amount: 37.2, total_amount: 285.2, prices_include_gst: false });
  });

  test("PUT /api/orders/{id}/items — an administrator's quantity change recomputes the GST by the order's own rate, not today's", async () => {
    const { order } = await placedOrder({ price: 10_000, stock: 10 });
    await setSetting('gst_rate_percent', 10);
    const admin = await shopper({ isAdmin: true });
    const { body } = await call(updateItems, { method: 'PUT', url: `/api/orders/${order.order_id}/items`, params: { id: String(order.order_id) }, token: admin.token, body: { items: [{ itemId: (await orderItemId(order.order_id, admin.token)), quantity: 3 }] } });
    // 3 × $100 + $49 delivery = $349, at the order's 15 % → $45.52 (at today's 10 % it would be $31.73).
    expect(body).toMatchObject({ total_amount: 349, gst_amount: 45.52, gst_rate_percent: 15 });
  });
});

async function orderItemId(orderId: number, token: string): Promise<number> {
  const res = await call(getOrderRoute, { url: `/api/orders/${orderId}`, params: { id: String(orderId) }, token });
  return res.body.orderItems[0].order_item_id;
}

describe('tax invoices', () => {
  test('POST /api/payments/submit — paying issues the tax invoice: next number, lines with delivery, total and GST, the seller as the settings say', async () => {
    await setSetting('gst_number', '987-654-321');
    await setSetting('store_name', 'Totara Home Ōtautahi');
    const { order, token, product } = await placedOrder({ price: 19_900 });
    expect(await invoiceOf(order.order_id)).toBeUndefined(); // unpaid: no invoice
    expect((await pay(token, order.order_id)).body).toMatchObject({ success: true, status: 'paid' });
    const invoice = await invoiceOf(order.order_id);
    expect(invoice).toMatchObject({
      total: 24_800,
      gst: 3_235,
      currency: 'NZD',
      seller: { storeName: 'Totara Home Ōtautahi', gstNumber: '987-654-321', supportEmail: 'help@totarahome.co.nz' },
      buyer: { name: expect.any(String), address: ['12 Kauri Street', 'Wellington 6011', 'Wellington', 'New Zealand'] },
    });
    expect(invoice.lines).toEqual([
      { description: product.name, sku: product.sku, quantity: 1, unitPrice: 19_900, total: 19_900 },
      { description: 'Delivery – Courier', sku: null, quantity: 1, unitPrice: 4_900, total: 4_900 },
    ]);
    // The next paid order takes the next number; a declined payment takes none.
    const declined = await placedOrder();
    expect((await pay(declined.token, declined.order.order_id, 'pm_card_chargeDeclined')).body.success).toBe(false);
    expect(await invoiceOf(declined.order.order_id)).toBeUndefined();
    const next = await placedOrder();
    await pay(next.token, next.order.order_id);
    expect((await invoiceOf(next.order.order_id)).number).toBe(invoice.number + 1);
  });

  test('numbers never skip or repeat: a transaction that rolls back gives its number back, and concurrent payments take consecutive numbers', async () => {
    const [{ last }] = await db.execute<{ last: number }>(sql`SELECT coalesce(max(number), 0)::int AS last FROM tax_documents WHERE kind = 'invoice'`).then((r) => ('rows' in r ? r.rows : r) as { last: number }[]);
    await expect(
      db.transaction(async (tx) => {
        expect(await nextNumber(tx, 'invoice')).toBe(Number(last) + 1);
        throw new Error('the payment failed after taking a number');
      }),
    ).rejects.toThrow('the payment failed');
    const orders = await Promise.all(Array.from({ length: 5 }, () => placedOrder()));
    await Promise.all(orders.map((o) => pay(o.token, o.order.order_id)));
    const numbers = (await Promise.all(orders.map((o) => invoiceOf(o.order.order_id)))).map((i) => i.number).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5].map((k) => Number(last) + k));
  });

  test('GET /api/orders/{id}/invoice — the PDF for its owner and for an administrator; 404 for another customer and for an unpaid order; 401 signed out', async () => {
    const { order, token } = await placedOrder();
    const path = { url: `/api/orders/${order.order_id}/invoice`, params: { id: String(order.order_id) } };
    expect((await call(invoicePdf, { ...path, token })).status).toBe(404); // not paid yet
    await pay(token, order.order_id);
    const number = `INV-${String((await invoiceOf(order.order_id)).number).padStart(6, '0')}`;

    const own = await invoicePdf(new Request(`http://localhost:3000${path.url}`, { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve(path.params) });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toBe(`attachment; filename="tax-invoice-${number}.pdf"`);
    expect(own.headers.get('cache-control')).toContain('no-store');
    const bytes = Buffer.from(await own.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The PDF's document information names it: title, subject and the store as its author.
    const text = bytes.toString('latin1');
    expect(text).toContain(`(Tax invoice ${number})`);
    expect(text).toContain(`(Tax invoice for order #${order.order_id})`);
    expect(text).toContain('(Totara Home)');

    const other = await shopper();
    expect((await call(invoicePdf, { ...path, token: other.token })).status).toBe(404);
    const admin = await shopper({ isAdmin: true });
    expect((await call(invoicePdf, { ...path, token: admin.token })).status).toBe(200);
    expect((await call(invoicePdf, path)).status).toBe(401);
  });
});

describe('credit notes', () => {
  test('issueCreditNote — each refund gets the next credit-note number and gives back its share of GST; all of them add up to the invoice; one per refund; never more than the invoice', async () => {
    const { order, token } = await placedOrder({ price: 19_999, quantity: 2 }); // $448.98, GST $58.56
    await pay(token, order.order_id);
    const invoice = await invoiceOf(order.order_id);
    const refund = (refundId: number, amount: number) => db.transaction((tx) => issueCreditNote(tx, { orderId: order.order_id, refundId: 900_000 + refundId, amount }));
    const first = await refund(1, 19_999);
    const second = await refund(2, 4_900);
    expect(second.number).toBe(first.number + 1);
    expect(first.gst).toBe(2_608); // $58.56 − the GST in the $248.99 kept ($32.48) = $26.08
    expect((await refund(2, 4_900)).id).toBe(second.id); // the same refund again: the same credit note
    await expect(refund(3, invoice.total)).rejects.toMatchObject({ status: 409 });
    const last = await refund(3, invoice.total - 19_999 - 4_900);
    // Everything refunded: the credit notes give back exactly the invoice's money and GST.
    expect(first.total + second.total + last.total).toBe(invoice.total);
    expect(first.gst + second.gst + last.gst).toBe(invoice.gst);
  });

  test('GET /api/orders/{id}/credit-notes/{number} — a refund\'s credit note is a document of its own: listed with its page, a PDF for the owner and an administrator; 404 for another customer, another order\'s number or an unknown one; 400 a malformed number; 401 signed out', async () => {
    const { order, token } = await placedOrder({ price: 19_999, quantity: 2 });
    await pay(token, order.order_id);
    const admin = await shopper({ isAdmin: true });
    const id = String(order.order_id);
    const refunded = await call(refundOrder, { method: 'POST', url: `/api/orders/${id}/refunds`, params: { id }, token: admin.token, body: { amount: 49, idempotencyKey: `cn-page-${id}` } });
    expect(refunded.status).toBe(201);
    const number: string = refunded.body.credit_note.number;
    expect(number).toMatch(/^CN-\d{6}$/);
    // The customer's refund list links the credit note's own page.
    const listed = await call(refundsOf, { url: `/api/orders/${id}/refunds`, params: { id }, token });
    expect(listed.body.refunds[0].credit_note).toEqual({ number, url: `/order/${id}/credit-notes/${number}` });

    const path = { url: `/api/orders/${id}/credit-notes/${number}`, params: { id, number } };
    const own = await creditNotePdf(new Request(`http://localhost:3000${path.url}`, { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve(path.params) });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toBe(`attachment; filename="credit-note-${number}.pdf"`);
    expect(own.headers.get('cache-control')).toContain('no-store');
    const bytes = Buffer.from(await own.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = bytes.toString('latin1');
    expect(text).toContain(`(Credit note ${number})`);
    expect(text).toContain(`(Credit note for order #${id})`);

    expect((await call(creditNotePdf, { ...path, token: admin.token })).status).toBe(200);
    expect((await call(creditNotePdf, { ...path, token: (await shopper()).token })).status).toBe(404);
    expect((await call(creditNotePdf, path)).status).toBe(401);
    // Another order of the same customer does not lend its id to this credit note.
    const second = await placedOrder();
    await pay(second.token, second.order.order_id);
    const elsewhere = { url: `/api/orders/${second.order.order_id}/credit-notes/${number}`, params: { id: String(second.order.order_id), number } };
    expect((await call(creditNotePdf, { ...elsewhere, token: admin.token })).status).toBe(404);
    expect((await call(creditNotePdf, { ...path, params: { id, number: 'CN-999999' }, token })).status).toBe(404);
    const bad = await call(creditNotePdf, { ...path, params: { id, number: 'INV-000001' }, token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The credit note number must look like CN-000007.');
  });
});
