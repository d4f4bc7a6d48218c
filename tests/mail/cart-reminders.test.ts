/**
 * Cart reminders (docs/mail.md "Cart reminders"): written by the cron job to consenting customers
 * whose cart sat idle, at most cart_reminder_max per idle stretch. Idle time is made by moving the
 * rows' timestamps back in the database.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { cartItems, carts, orders, outboxMessages, users } from '@/db/schema';
import { GET as cron } from '@/app/api/cron/expire-orders/route';
import { POST as clearCartRoute } from '@/app/api/cart/clear/route';
import { DELETE as removeLineRoute } from '@/app/api/cart/remove/[id]/route';
import { POST as createOrder } from '@/app/api/orders/route';
import { remindIdleCarts } from '@/lib/orders/cart-reminders';
import { reminderCartOwner } from '@/lib/cart/queries';
import { renderMail } from '@/lib/mail/templates';
import { unsubscribeHeaders } from '@/lib/mail/transport';
import { signLinkToken, verifyLinkToken } from '@/lib/auth/signed-links';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { addToCart, cartOf, NEW_ADDRESS, NEW_CONTACT, orderCart, shopper } from '../support/buying';

afterEach(() => {
  delete process.env.CRON_SECRET;
});

/** A customer (consenting or not) with a sofa in the cart. */
async function customerWithCart(consenting: boolean) {
  const s = await shopper();
  if (consenting) await db.update(users).set({ marketingConsentAt: new Date() }).where(eq(users.id, s.user.id));
  const sofa = await createProduct({ name: 'KIVIK 3-seat sofa', price: 129_900, stock: 20 });
  expect((await addToCart(s.token, sofa.id)).status).toBe(200);
  const [cart] = await db.select().from(carts).where(eq(carts.userId, s.user.id));
  return { ...s, sofa, cartId: cart.id };
}

/** Moves the cart's timeline (its last change, its last reminder, its owner's orders) `hours` into the past. */
async function age(c: { cartId: number; user: { id: number } }, hours: number) {
  const back = sql`make_interval(hours => ${hours})`;
  await db
    .update(carts)
    .set({ updatedAt: sql`${carts.updatedAt} - ${back}`, lastRemindedAt: sql`${carts.lastRemindedAt} - ${back}` })
    .where(eq(carts.id, c.cartId));
  await db.update(orders).set({ createdAt: sql`${orders.createdAt} - ${back}` }).where(eq(orders.userId, c.user.id));
}

async function remindersTo(email: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.template, 'cart-reminder'), eq(outboxMessages.recipient, email)))
    .orderBy(outboxMessages.id);
}

describe('cart reminders', () => {
  test('a consenting idle cart gets reminder 1, nothing on an immediate second run, reminder 2 after another 24 hours, then nothing more', async () => {
    const c = await customerWithCart(true);
    await remindIdleCarts();
    expect(await remindersTo(c.user.email)).toHaveLength(0); // not idle yet

    await age(c, 23);
    await remindIdleCarts();
    expect(await remindersTo(c.user.email)).toHaveLength(0); // 23 hours: not yet

    await age(c, 2);
    await remindIdleCarts();
    await remindIdleCarts();
    const first = await remindersTo(c.user.email);
    expect(first).toHaveLength(1);
    expect(first[0].subject).toMatch(/your cart is still waiting/);
    const payload = first[0].payload as { reminder: number; items: { name: string; quantity: number }[]; cartUrl: string; marketing: { oneClickUrl: string } };
    expect(payload.reminder).toBe(1);
    expect(payload.items).toEqual([{ name: 'KIVIK 3-seat sofa', quantity: 1 }]);
    // The link opens the cart with a token naming this cart; the mail carries the one-click unsubscribe.
    const token = new URL(payload.cartUrl).searchParams.get('reminder');
    expect(new URL(payload.cartUrl).pathname).toBe('/cart');
    expect(verifyLinkToken('cart-reminder', token)).toBe(String(c.cartId));
    expect(unsubscribeHeaders(first[0].payload as Record<string, unknown>)['List-Unsubscribe']).toContain(payload.marketing.oneClickUrl);
    const { html } = await renderMail('cart-reminder', first[0].payload as never);
    expect(html).toContain('KIVIK 3-seat sofa');
    expect(html).toContain('Open my cart');

    await age(c, 12);
    await remindIdleCarts();
    expect(await remindersTo(c.user.email)).toHaveLength(1); // 12 hours after the first: too soon

    await age(c, 12);
    await remindIdleCarts();
    const second = await remindersTo(c.user.email);
    expect(second.map((m) => (m.payload as { reminder: number }).reminder)).toEqual([1, 2]);

    await age(c, 100);
    await remindIdleCarts();
    expect(await remindersTo(c.user.email)).toHaveLength(2); // cart_reminder_max is 2
  });

  test('GET /api/cron/expire-orders writes the reminder; a customer who did not agree to marketing e-mail gets none', async () => {
    process.env.CRON_SECRET = 'cron-secret-for-tests';
    const yes = await customerWithCart(true);
    const no = await customerWithCart(false);
    await age(yes, 25);
    await age(no, 25);
    const res = await call(cron, { url: '/api/cron/expire-orders', headers: { authorization: 'Bearer cron-secret-for-tests' } });
    expect(res.status).toBe(200);
    expect(res.body.cart_reminders.written).toBeGreaterThanOrEqual(1);
    expect(await remindersTo(yes.user.email)).toHaveLength(1);
    expect(await remindersTo(no.user.email)).toHaveLength(0);
  });

  test('placing an order stops the reminders; a cart filled again afterwards starts counting from zero', async () => {
    const c = await customerWithCart(true);
    await age(c, 25);
    await remindIdleCarts();
    expect(await remindersTo(c.user.email)).toHaveLength(1);

    expect((await orderCart(c.token)).status).toBe(201);
    await age(c, 100);
    await remindIdleCarts();
    expect(await remindersTo(c.user.email)).toHaveLength(1); // the order emptied the cart

    const lamp = await createProduct({ name: 'HEKTAR floor lamp', price: 8_900, stock: 5 });
    expect((await addToCart(c.token, lamp.id)).status).toBe(200);
    await remindIdleCarts();
    expect(await remindersTo(c.user.email)).toHaveLength(1); // just filled
    await age(c, 25);
    await remindIdleCarts();
    const mails = await remindersTo(c.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].payload).toMatchObject({ reminder: 1, items: [{ name: 'HEKTAR floor lamp', quantity: 1 }] });
  });

  test('an order placed after the cart was last changed stops the reminders of the lines left behind until they sit idle again', async () => {
    const c = await customerWithCart(true);
    const chair = await createProduct({ name: 'POÄNG armchair', price: 19_900, stock: 5 });
    expect((await addToCart(c.token, chair.id)).status).toBe(200);
    await age(c, 25);
    // An order of the sofa alone: the chair stays in the cart.
    const lines = await cartOf(c.token);
    const sofaLine = lines.filter((l) => l.product_id === c.sofa.id);
    const placed = await call(createOrder, {
      method: 'POST',
      url: '/api/orders',
      token: c.token,
      body: { cartItems: sofaLine.map((l) => ({ cart_item_id: l.cart_item_id, quantity: l.quantity })), newAddress: NEW_ADDRESS, newContact: NEW_CONTACT },
    });
    expect(placed.status).toBe(201);
    await remindIdleCarts();
    expect(await remindersTo(c.user.email)).toHaveLength(0);
    await age(c, 25);
    await remindIdleCarts();
    expect((await remindersTo(c.user.email)).map((m) => m.payload)).toMatchObject([{ reminder: 1, items: [{ name: 'POÄNG armchair', quantity: 1 }] }]);
  });

  test('an emptied cart gets no reminder', async () => {
    const c = await customerWithCart(true);
    expect((await call(clearCartRoute, { method: 'POST', url: '/api/cart/clear', token: c.token })).status).toBe(200);
    await age(c, 25);
    await remindIdleCarts();
    expect(await remindersTo(c.user.email)).toHaveLength(0);
  });

  test('removing one line of an idle cart starts its idle time again: no reminder until it sits idle once more', async () => {
    const c = await customerWithCart(true);
    const chair = await createProduct({ name: 'POÄNG armchair', price: 19_900, stock: 5 });
    expect((await addToCart(c.token, chair.id)).status).toBe(200);
    await age(c, 25);
    const [line] = await db.select().from(cartItems).where(and(eq(cartItems.cartId, c.cartId), eq(cartItems.productId, chair.id)));
    expect((await call(removeLineRoute, { method: 'DELETE', url: `/api/cart/remove/${line.id}`, token: c.token, params: { id: String(line.id) } })).status).toBe(200);
    await remindIdleCarts();
    expect(await remindersTo(c.user.email)).toHaveLength(0);
    await age(c, 25);
    await remindIdleCarts();
    expect((await remindersTo(c.user.email)).map((m) => m.payload)).toMatchObject([{ reminder: 1, items: [{ name: 'KIVIK 3-seat sofa', quantity: 1 }] }]);
  });

  test('two runs at once write one reminder', async () => {
    const c = await customerWithCart(true);
    await age(c, 25);
    const runs = await Promise.all([remindIdleCarts(), remindIdleCarts(), remindIdleCarts()]);
    expect(runs.reduce((n, r) => n + r.written, 0)).toBeGreaterThanOrEqual(1);
    expect(await remindersTo(c.user.email)).toHaveLength(1);
    const [cart] = await db.select().from(carts).where(eq(carts.id, c.cartId));
    expect(cart.remindersSent).toBe(1);
  });

  test('withdrawn consent: no further reminder is written', async () => {
    const c = await customerWithCart(true);
    await age(c, 25);
    await remindIdleCarts();
    await db.update(users).set({ marketingConsentAt: null }).where(eq(users.id, c.user.id));
    await age(c, 25);
    await remindIdleCarts();
    expect(await remindersTo(c.user.email)).toHaveLength(1);
  });

  test("the cart link's token names the cart's owner; an altered, foreign-purpose or missing token names nobody", async () => {
    const c = await customerWithCart(true);
    const good = signLinkToken('cart-reminder', String(c.cartId));
    expect(await reminderCartOwner(good)).toBe(c.user.id);
    const flipped = good.slice(0, -2) + (good.endsWith('A') ? 'B' : 'A') + good.slice(-1);
    for (const bad of [flipped, signLinkToken('marketing-unsubscribe', String(c.cartId)), signLinkToken('cart-reminder', '999999999'), 'nonsense', null]) {
      expect(await reminderCartOwner(bad)).toBeNull();
    }
  });
});
