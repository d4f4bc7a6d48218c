import { eq, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { parse } from 'csv-parse/sync';
import { describe, expect, test, vi } from 'vitest';
import { GET as exportMine } from '@/app/api/profile/data-export/route';
import { POST as closeMine } from '@/app/api/profile/close/route';
import { GET as exportTheirs } from '@/app/api/users/[id]/data-export/route';
import { POST as closeTheirs } from '@/app/api/users/[id]/close/route';
import { POST as login } from '@/app/api/users/login/route';
import { POST as register } from '@/app/api/users/register/route';
import { GET as getProfile } from '@/app/api/users/profile/route';
import { GET as listOrders } from '@/app/api/orders/route';
import { GET as productReviews } from '@/app/api/products/[id]/reviews/route';
import { db } from '@/db/client';
import { addresses, carts, contacts, orders, outboxMessages, passwordResetTokens, paymentMethods, reviews, stockAlerts, taxDocuments, users } from '@/db/schema';
import { settleDelivery } from '@/lib/mail/deliver';
import { deliverDetachments } from '@/lib/payments/detach-jobs';
import { demoGateway } from '@/lib/payments/demo-gateway';
import { TEST_PASSWORD, createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';
import { addAddress, addContact, freshIp, sessionCookieFor, signupBody } from '../support/accounts';
import { paidOrder } from '../support/after-sale';
import { addToCart, shopper } from '../support/buying';
import { createProduct } from '../support/factories';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** A download as the API client gets it: the Response, unread. */
const download = (handler: Handler, url: string, token: string, params: Record<string, string> = {}) =>
  handler(new Request(new URL(url, 'http://localhost:3000'), { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve(params) });

/** The files of a zip answer, as text. */
async function unzip(res: Response): Promise<Record<string, string>> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));
}

/** A customer with a paid order (saved card), an address, a contact and an approved review. */
async function customerWithHistory() {
  const { customer, order, products, items } = await paidOrder([{ price: 19_900, quantity: 1 }]);
  await addAddress(customer.user.id, { street_address: '7 Karangahape Road', first_name: 'Aroha', last_name: 'Ngata' });
  await addContact(customer.user.id, { first_name: 'Aroha', last_name: 'Ngata', email: `aroha_${customer.user.id}@example.test` });
  await db.update(users).set({ firstName: 'Aroha', lastName: 'Ngata', phoneNumber: '021 555 0142' }).where(eq(users.id, customer.user.id));
  const [review] = await db
    .insert(reviews)
    .values({ orderItemId: items[0].order_item_id, productId: products[0].id, userId: customer.user.id, authorName: 'Aroha N.', rating: 5, title: 'Solid and calm', body: 'Lovely oak.', status: 'approved' })
    .returning();
  return { customer, order, product: products[0], review };
}

/** The e-mails of the outbox to one address, oldest first. */
const mailTo = (address: string) => db.select().from(outboxMessages).where(eq(outboxMessages.recipient, address)).orderBy(outboxMessages.id);

const loginAs = (identifier: string, password: string) => call(login, { method: 'POST', url: '/api/users/login', body: { identifier, password }, headers: { 'x-forwarded-for': freshIp() } });

describe('GET /api/profile/data-export', () => {
  test('a visitor gets 401', async () => {
    expect((await call(exportMine, { url: '/api/profile/data-export' })).status).toBe(401);
  });

  test('a customer downloads a zip of their own data: account.json and the CSV files, no secrets', async () => {
    const { customer, order, product, review } = await customerWithHistory();
    const other = await customerWithHistory();
    const res = await download(exportMine, '/api/profile/data-export', customer.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="totara-home-data-${customer.user.id}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`));

    const files = await unzip(res);
    expect(Object.keys(files).sort()).toEqual(['account.json', 'addresses.csv', 'contacts.csv', 'order_items.csv', 'orders.csv', 'payment_methods.csv', 'reviews.csv']);
    const account = JSON.parse(files['account.json']);
    expect(account.account).toMatchObject({ user_id: customer.user.id, email: customer.user.email, first_name: 'Aroha', last_name: 'Ngata', phone_number: '021 555 0142' });
    expect(account.consents).toEqual([]);
    expect(account.payment_methods).toEqual([expect.objectContaining({ payment_type: 'credit_card', card_brand: 'visa', card_last4: '4242' })]);

    const ordersCsv = parse(files['orders.csv'], { columns: true }) as Record<string, string>[];
    expect(ordersCsv).toEqual([expect.objectContaining({ order_id: String(order.order_id), payment_status: 'paid', subtotal: '199.00' })]);
    const itemsCsv = parse(files['order_items.csv'], { columns: true }) as Record<string, string>[];
    expect(itemsCsv).toEqual([expect.objectContaining({ order_id: String(order.order_id), product_name: product.name, sku: product.sku, quantity: '1', unit_price: '199.00' })]);
    const reviewsCsv = parse(files['reviews.csv'], { columns: true }) as Record<string, string>[];
    expect(reviewsCsv).toEqual([expect.objectContaining({ review_id: String(review.id), title: 'Solid and calm', author_name: 'Aroha N.' })]);
    expect(parse(files['addresses.csv'], { columns: true })).toContainEqual(expect.objectContaining({ street_address: '7 Karangahape Road', first_name: 'Aroha', is_default: 'false' }));
    expect(parse(files['contacts.csv'], { columns: true })).toContainEqual((expect.objectContaining({ email: `aroha_${customer.user.id}@example.test` })));

    // Only this customer's data, and no secrets: no password hash, token version or provider ids.
    const all = Object.values(files).join('\n');
    const [row] = await db.select().from(users).where(eq(users.id, customer.user.id));
    const [card] = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, customer.user.id));
    expect(all).not.toContain(row.passwordHash);
    expect(all).not.toMatch(/password|token_version|stripe_customer/i);
    expect(all).not.toContain(card.providerPaymentMethodId!);
    expect(all).not.toContain(other.customer.user.email);
    expect(ordersCsv.map((o) => o.order_id)).not.toContain(String(other.order.order_id));
  });

  test('a spreadsheet formula in the customer’s text is escaped in the CSV', async () => {
    const { customer, review } = await customerWithHistory();
    await db.update(reviews).set({ title: '=HYPERLINK("http://x.test")' }).where(eq(reviews.id, review.id));
    const files = await unzip(await download(exportMine, '/api/profile/data-export', customer.token));
    expect(files['reviews.csv']).toContain(`"'=HYPERLINK(""http://x.test"")"`);
  });
});

describe('GET /api/users/{id}/data-export', () => {
  test('staff download a customer’s data on their behalf; a customer gets 403 for another account', async () => {
    const { customer } = await customerWithHistory();
    const admin = await createUser({ isAdmin: true });
    const byStaff = await call(exportTheirs, { url: `/api/users/${customer.user.id}/data-export`, params: { id: String(customer.user.id) }, token: await tokenFor(admin) });
    expect(byStaff.status).toBe(200);
    expect(byStaff.res.headers.get('content-type')).toBe('application/zip');
    const someone = await shopper();
    const byCustomer = await call(exportTheirs, { url: `/api/users/${customer.user.id}/data-export`, params: { id: String(customer.user.id) }, token: someone.token });
    expect(byCustomer.status).toBe(403);
    expect((await call(exportTheirs, { url: '/api/users/999999/data-export', params: { id: '999999' }, token: await tokenFor(admin) })).status).toBe(404);
  });
});

describe('POST /api/profile/close', () => {
  test('a wrong or missing password answers 400 and changes nothing', async () => {
    const { customer } = await customerWithHistory();
    const wrong = await call(closeMine, { method: 'POST', url: '/api/profile/close', token: customer.token, body: { password: 'not-my-password' }, headers: { 'x-forwarded-for': freshIp() } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Your password is not correct.', field: 'password' });
    expect((await call(closeMine, { method: 'POST', url: '/api/profile/close', token: customer.token, body: {} })).status).toBe(400);
    expect((await call(getProfile, { url: '/api/users/profile', token: customer.token })).status).toBe(200);
  });

  test('closing anonymises the account, keeps orders and the tax invoice, keeps reviews without the name; sign-in then fails', async () => {
    const { customer, order, product, review } = await customerWithHistory();
    await addToCart(customer.token, (await createProduct({ stock: 5 })).id, 1);
    await db.insert(passwordResetTokens).values({ userId: customer.user.id, tokenHash: `h_${customer.user.id}`, expiresAt: new Date(Date.now() + 60_000) });
    const soldOut = await createProduct({ stock: 0 });
    await db.insert(stockAlerts).values({ productId: soldOut.id, userId: customer.user.id, email: customer.user.email.toLowerCase(), token: `t_${customer.user.id}`, confirmedAt: new Date() });
    const admin = await createUser({ isAdmin: true });
    const [invoiceBefore] = await db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.order_id));
    const detach = vi.spyOn(demoGateway, 'detachPaymentMethod');
    const cookie = await sessionCookieFor(customer.user);
    const mailBefore = await mailTo(customer.user.email);
    expect(mailBefore.length).toBeGreaterThan(0);
    expect(mailBefore.every((m) => m.status === 'pending')).toBe(true);

    const res = await call(closeMine, { method: 'POST', url: '/api/profile/close', token: customer.token, body: { password: TEST_PASSWORD }, headers: { 'x-forwarded-for': freshIp() } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, cards_to_detach: 1 });
    await settleDelivery();
    expect(detach).toHaveBeenCalledWith('pm_card_visa');
    detach.mockRestore();
    // The e-mails still waiting for the old address are never sent (no mail server here: they waited).
    expect(await mailTo(customer.user.email)).toEqual(mailBefore.map((m) => expect.objectContaining({ id: m.id, status: 'cancelled', lastError: 'Not sent: the account was closed.' })));

    const id = customer.user.id;
    const [row] = await db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ userName: `closed-account-${id}`, email: `closed-account-${id}@closed.invalid`, firstName: 'Closed account', lastName: `#${id}`, phoneNumber: null });
    expect(row.deactivatedAt).not.toBeNull();
    expect(await db.select().from(addresses).where(eq(addresses.userId, id))).toEqual([]);
    expect(await db.select().from(contacts).where(eq(contacts.userId, id))).toEqual([]);
    expect(await db.select().from(carts).where(eq(carts.userId, id))).toEqual([]);
    expect(await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id))).toEqual([]);
    expect(await db.select().from(stockAlerts).where(eq(stockAlerts.userId, id))).toEqual([]);
    expect((await db.select().from(paymentMethods).where(eq(paymentMethods.userId, id))).every((m) => m.deletedAt !== null)).toBe(true);

    // The order, its snapshots and its tax invoice stay as issued.
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.order_id));
    expect(kept).toMatchObject({ userId: id, paymentStatus: 'paid' });
    expect(kept.address).not.toBeNull();
    const [invoiceAfter] = await db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.order_id));
    expect(invoiceAfter).toEqual(invoiceBefore);
    const adminList = await call(listOrders, { url: `/api/orders?q=closed-account-${id}`, token: await tokenFor(admin) });
    expect(adminList.body).toEqual([expect.objectContaining({ order_id: order.order_id, user: { user_name: `closed-account-${id}` } })]);

    // The review stays, under "Former customer".
    const [r] = await db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(r).toMatchObject({ authorName: 'Former customer', title: 'Solid and calm' });
    const shown = await call(productReviews, { url: `/api/products/${product.id}/reviews`, params: { id: String(product.id) } });
    expect(JSON.stringify(shown.body)).toContain('Former customer');
    expect(JSON.stringify(shown.body)).not.toContain('Aroha');

    // Every session and token has ended; signing in fails with the wrong-password message.
    expect((await call(getProfile, { url: '/api/users/profile', token: customer.token })).status).toBe(401);
    expect((await call(getProfile, { url: '/api/users/profile', headers: { cookie } })).status).toBe(401);
    const byEmail = await loginAs(customer.user.email, TEST_PASSWORD);
    const unknown = await loginAs(`nobody_${id}@example.test`, TEST_PASSWORD);
    expect(byEmail.status).toBe(401);
    expect(byEmail.body.message).toBe(unknown.body.message);
    expect((await loginAs(`closed-account-${id}`, TEST_PASSWORD)).status).toBe(401);

    // The old e-mail may open a new, empty account; the closed one is not reopened.
    const again = await call(register, { method: 'POST', url: '/api/users/register', body: signupBody({ email: customer.user.email }), headers: { 'x-forwarded-for': freshIp() } });
    expect(again.status).toBe(201);
    const [fresh] = await db.select().from(users).where(eq(users.email, customer.user.email));
    expect(fresh.id).not.toBe(id);
  });
});

describe('closing an account detaches its saved cards through the outbox', () => {
  test('POST /api/profile/close — the card gateway failing leaves the detach job pending; the closure stands and a later run detaches the card', async () => {
    const { customer } = await customerWithHistory();
    const [card] = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, customer.user.id));
    const detach = vi.spyOn(demoGateway, 'detachPaymentMethod').mockRejectedValueOnce(new Error('The card gateway is unreachable.'));
    try {
      const res = await call(closeMine, { method: 'POST', url: '/api/profile/close', token: customer.token, body: { password: TEST_PASSWORD }, headers: { 'x-forwarded-for': freshIp() } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, cards_to_detach: 1 });
      await settleDelivery();
      expect(detach).toHaveBeenCalledTimes(1);
      expect((await loginAs(customer.user.email, TEST_PASSWORD)).status).toBe(401);

      // The job is recorded, failed once, and waits for its retry.
      const [job] = await db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, `detach-payment-method:${card.id}`));
      expect(job).toMatchObject({ kind: 'detach_payment_method', status: 'pending', attempts: 1, lastError: 'The card gateway is unreachable.', recipient: 'card gateway' });
      expect(job.payload).toMatchObject({ providerPaymentMethodId: 'pm_card_visa' });
      expect(job.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

      // Not due yet: a run leaves it; once due, the next run detaches the card.
      expect((await deliverDetachments()).claimed).toBe(0);
      await db.update(outboxMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(outboxMessages.id, job.id));
      expect(await deliverDetachments()).toMatchObject({ detached: 1, retrying: 0, failed: 0 });
      expect(detach).toHaveBeenLastCalledWith('pm_card_visa');
      const [done] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, job.id));
      expect(done).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      detach.mockRestore();
    }
  });

  test('a closure that fails (wrong password) records no detach job', async () => {
    const { customer } = await customerWithHistory();
    const [card] = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, customer.user.id));
    const wrong = await call(closeMine, { method: 'POST', url: '/api/profile/close', token: customer.token, body: { password: 'not-my-password' }, headers: { 'x-forwarded-for': freshIp() } });
    expect(wrong.status).toBe(400);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, `detach-payment-method:${card.id}`))).toEqual([]);
  });
});

describe('POST /api/users/{id}/close', () => {
  test('staff close a customer’s account on their behalf, without the password', async () => {
    const { customer } = await customerWithHistory();
    const admin = await createUser({ isAdmin: true });
    const res = await call(closeTheirs, { method: 'POST', url: `/api/users/${customer.user.id}/close`, params: { id: String(customer.user.id) }, token: await tokenFor(admin) });
    expect(res.status).toBe(200);
    expect((await loginAs(customer.user.email, TEST_PASSWORD)).status).toBe(401);
    // Closed already: 404.
    expect((await call(closeTheirs, { method: 'POST', url: `/api/users/${customer.user.id}/close`, params: { id: String(customer.user.id) }, token: await tokenFor(admin) })).status).toBe(404);
  });

  test('a customer cannot close another account; an administrator’s account is refused', async () => {
    const victim = await shopper();
    const someone = await shopper();
    const byCustomer = await call(closeTheirs, { method: 'POST', url: `/api/users/${victim.user.id}/close`, params: { id: String(victim.user.id) }, token: someone.token });
    expect(byCustomer.status).toBe(403);
    expect((await call(getProfile, { url: '/api/users/profile', token: victim.token })).status).toBe(200);
    const admin = await createUser({ isAdmin: true });
    const otherAdmin = await createUser({ isAdmin: true });
    const refused = await call(closeTheirs, { method: 'POST', url: `/api/users/${otherAdmin.id}/close`, params: { id: String(otherAdmin.id) }, token: await tokenFor(admin) });
    expect(refused.status).toBe(409);
    const own = await call(closeMine, { method: 'POST', url: '/api/profile/close', token: await tokenFor(admin), body: { password: TEST_PASSWORD }, headers: { 'x-forwarded-for': freshIp() } });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('An administrator’s account cannot be closed. Remove the administrator rights first.');
    expect((await loginAs(admin.email, TEST_PASSWORD)).status).toBe(200);
  });
});
