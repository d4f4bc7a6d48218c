/**
 * The e-mail events and the administrators' outbox (docs/mail.md): who is written to, when a
 * message is written once and when again, the settings' store name and support address, and
 * /admin/outbox's reads (administrators only).
 */
import { eq, inArray, like, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '@/lib/auth/permission-list';
import { afterEach, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { outboxMessages, products, settings, users } from '@/db/schema';
import { PUT as updateOrder } from '@/app/api/orders/[id]/route';
import { getOutboxMessage, listOutbox, OUTBOX_PAGE_SIZE } from '@/lib/mail/admin';
import { mailLowStock, mailOrderCancelled } from '@/lib/mail/events';
import { enqueue } from '@/lib/mail/outbox';
import { createOrder } from '../support/admin-ops';
import { placedOrder } from '../support/buying';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

const keyed = (prefix: string) => db.select().from(outboxMessages).where(like(outboxMessages.eventKey, `${prefix}%`));
const asAdmin = (u: { id: number; userName: string; email: string }) => ({ id: u.id, userName: u.userName, email: u.email, isAdmin: true, permissions: ALL_PERMISSIONS }) as Parameters<typeof listOutbox>[0];

afterEach(async () => {
  await db.delete(settings).where(inArray(settings.key, ['store_name', 'support_email', 'low_stock_threshold']));
});

describe('order cancelled', () => {
  test('an unpaid order that expired: the customer is told it expired and nothing was charged — once, however often the expiry code asks', async () => {
    const { order: placed, user } = await placedOrder();
    const when = new Date('2026-11-25T01:00:00Z');
    await db.execute(sql`UPDATE orders SET status = 'cancelled', cancelled_at = ${when.toISOString()} WHERE id = ${placed.order_id}`);
    const wrote = await db.transaction(async (tx) => [await mailOrderCancelled(tx, placed.order_id, 'expiry'), await mailOrderCancelled(tx, placed.order_id, 'expiry')]);
    expect(wrote).toEqual([true, false]);
    const rows = await keyed(`order-cancelled:${placed.order_id}:`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipient: user.email, subject: `Totara Home: unpaid order expired: #${placed.order_id}`, status: 'pending', payload: { by: 'expiry', paid: false } });
  });

  test('an order that is not cancelled gets no cancellation e-mail', async () => {
    const { order } = await placedOrder();
    expect(await db.transaction((tx) => mailOrderCancelled(tx, order.order_id, 'expiry'))).toBe(false);
    expect(await keyed(`order-cancelled:${order.order_id}:`)).toHaveLength(0);
  });

  test('PUT /api/orders/{id} — an administrator cancels, re-opens and cancels again: two cancellations, two e-mails, the paid customer told of a refund', async () => {
    const { order } = await createOrder({ status: 'processing', paymentStatus: 'paid' });
    const token = await tokenFor(await createUser({ isAdmin: true }));
    const put = (status: string) => call(updateOrder, { method: 'PUT', url: `/api/orders/${order.id}`, params: { id: String(order.id) }, token, body: { status } });
    expect((await put('cancelled')).status).toBe(200);
    expect((await put('processing')).status).toBe(200);
    expect((await put('cancelled')).status).toBe(200);
    const rows = await keyed(`order-cancelled:${order.id}:`);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.subject.endsWith(`we have cancelled order #${order.id}`) && (r.payload as { paid: boolean }).paid)).toBe(true);
    const shown = await getOutboxMessage(asAdmin(await createUser({ isAdmin: true })), rows[0].id);
    expect(shown.text).toContain('we will refund you');
  });
});

describe('low stock', () => {
  test('a product at its threshold: every active administrator is told, not a deactivated one; the store name comes from the settings', async () => {
    await db.insert(settings).values([
      { key: 'store_name', value: 'Kauri & Co' },
      { key: 'low_stock_threshold', value: 3 },
    ]);
    const active = await createUser({ isAdmin: true });
    const gone = await createUser({ isAdmin: true });
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    const lamp = await createProduct({ name: 'Hektar lamp', stock: 3 });
    const written = await db.transaction((tx) => mailLowStock(tx, lamp.id, { before: 4 }));
    const rows = await keyed(`low-stock:${lamp.id}:`);
    expect(rows.map((r) => r.recipient)).toContain(active.email.toLowerCase());
    expect(rows.map((r) => r.recipient)).not.toContain(gone.email.toLowerCase());
    expect(written).toBe(rows.length);
    expect(rows[0].subject).toBe('Kauri & Co: low stock — Hektar lamp (3 left)');
    const shown = await getOutboxMessage(asAdmin(active), rows[0].id);
    expect(shown.html).toContain('Kauri &amp; Co');
    expect(shown.text).toContain('Hektar lamp (SKU');
    expect(shown.text).toContain('down to 3 units');
  });

  test('only the fall to the threshold is news: already low before, or still above it, writes nothing', async () => {
    const low = await createProduct({ stock: 2 });
    const plenty = await createProduct({ stock: 40 });
    expect(await db.transaction((tx) => mailLowStock(tx, low.id, { before: 3 }))).toBe(0);
    expect(await db.transaction((tx) => mailLowStock(tx, plenty.id))).toBe(0);
    expect(await keyed(`low-stock:${low.id}:`)).toHaveLength(0);
    expect(await keyed(`low-stock:${plenty.id}:`)).toHaveLength(0);
  });

  test('with no active administrator, the support address of the settings is written to', async () => {
    await db.insert(settings).values({ key: 'support_email', value: 'stock@kauri.example' });
    const admins = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
    await db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
    try {
      const stool = await createProduct({ stock: 0 });
      expect(await db.transaction((tx) => mailLowStock(tx, stool.id, { before: 6 }))).toBe(1);
      const [row] = await keyed(`low-stock:${stool.id}:`);
      expect(row.recipient).toBe('stock@kauri.example');
    } finally {
      if (admins.length) await db.update(users).set({ isAdmin: true }).where(inArray(users.id, admins.map((a) => a.id)));
    }
  });

  test('a transaction that rolls back leaves no message', async () => {
    const chair = await createProduct({ stock: 1 });
    await expect(
      db.transaction(async (tx) => {
        await mailLowStock(tx, chair.id);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await keyed(`low-stock:${chair.id}:`)).toHaveLength(0);
    await db.update(products).set({ stock: 1 }).where(eq(products.id, chair.id));
  });
});

describe('/admin/outbox reads', () => {
  test('a customer may not read the outbox (403), nor a message of it', async () => {
    const customer = await createUser();
    const actor = { id: customer.id, userName: customer.userName, email: customer.email, isAdmin: false } as Parameters<typeof listOutbox>[0];
    await expect(listOutbox(actor)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(getOutboxMessage(actor, 1)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(listOutbox(null as unknown as Parameters<typeof listOutbox>[0])).rejects.toMatchObject({ code: 'unauthorized' });
  });

  test('newest first, paged; a message shows its rendered HTML with the order number, its text and Message-ID; an unknown one is 404', async () => {
    const admin = asAdmin(await createUser({ isAdmin: true }));
    for (let i = 0; i < OUTBOX_PAGE_SIZE + 1; i++) {
      await enqueue(db, { eventKey: `paging-test:${i}`, template: 'low-stock', recipient: 'a@example.test', subject: `Paging ${i}`, payload: { shop: { storeName: 'Totara Home', supportEmail: 'help@example.test', siteUrl: 'http://localhost:3000' }, product: { id: 1, name: 'Chair', sku: 'C', stock: 1 }, threshold: 5, adminProductUrl: 'http://localhost:3000/admin/product' } });
    }
    const { order } = await placedOrder();
    const first = await listOutbox(admin);
    expect(first.mailEnabled).toBe(false);
    expect(first.messages).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(first.messages[0].subject).toBe(`Totara Home: we have your order #${order.order_id}`);
    const times = first.messages.map((m) => m.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const last = await listOutbox(admin, { page: 999 });
    expect(last.page).toBe(last.totalPages);
    expect(last.totalPages).toBeGreaterThan(1);

    const shown = await getOutboxMessage(admin, first.messages[0].id);
    // (React separates adjacent text with <!-- --> in the HTML.)
    expect(shown.html?.replace(/<!-- -->/g, '')).toContain(`Order #${order.order_id}`);
    expect(shown.text).toContain(`Order #${order.order_id}`);
    expect(shown.messageId).toBe(`<order-received%3A${order.order_id}@localhost>`);
    await expect(getOutboxMessage(admin, 987_654)).rejects.toMatchObject({ code: 'not_found' });
  });

  test('an unknown template is shown with the reason instead of failing the page', async () => {
    const admin = asAdmin(await createUser({ isAdmin: true }));
    const [row] = await db.insert(outboxMessages).values({ eventKey: 'future-event:1', template: 'from-a-later-version', recipient: 'a@example.test', subject: 'Later', payload: {} }).returning();
    const shown = await getOutboxMessage(admin, row.id);
    expect(shown).toMatchObject({ html: null, text: null, renderError: 'Unknown e-mail template "from-a-later-version".' });
  });
});
