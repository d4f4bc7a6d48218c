/**
 * Cart reminders (docs/mail.md "Cart reminders"): with cart_reminder_hours at 0 every cart with
 * items is idle at once, so each call of the cron route writes the next reminder of a consenting
 * customer's cart — one per run, two at most — and none for a customer who did not agree. The
 * reminder's link opens the customer's cart.
 */
import crypto from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { openOutboxMessage } from './checkout-steps';
import { ADMIN, signIn } from './support/sign-in';

const CRON = { Authorization: `Bearer ${process.env.CRON_SECRET ?? 'e2e-cron-secret-for-the-journeys'}` };

async function customerWithCart(request: APIRequestContext, t: string, who: string, consent: boolean, productId: number) {
  const email = `${who}-${t}@example.test`;
  const registered = await request.post('/api/users/register', { data: { user_name: `${who}_${t}`, email, password: 'Remind-pass-123', marketing_consent: consent } });
  expect(registered.status(), await registered.text()).toBe(201);
  await signIn(request, email, 'Remind-pass-123');
  expect((await request.post('/api/cart/add', { data: { product_id: productId, quantity: 1 } })).status()).toBe(200);
  return email;
}

test('a consenting customer’s idle cart gets one reminder per cron run up to the limit; a customer who did not agree gets none; the link opens the cart', async ({ page, browser }) => {
  const t = crypto.randomBytes(3).toString('hex');
  const name = `Matai sideboard ${t}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin.request, ADMIN.identifier, ADMIN.password);
  const tree = (await (await admin.request.get('/api/categories')).json()) as { subcategories: { category_id: number }[] }[];
  const created = await admin.request.post('/api/products', { data: { name, sku: `REM-${t}`.toUpperCase(), price: 1290, stock: 10, category_id: tree[0].subcategories[0].category_id } });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { product_id: number }).product_id;
  const before = (await (await admin.request.get('/api/settings')).json()) as Record<string, unknown>;

  const otherContext = await browser.newContext();
  try {
    const yes = await customerWithCart(page.request, t, 'remind', true, productId);
    const no = await customerWithCart(otherContext.request, t, 'noremind', false, productId);
    const put = await admin.request.put('/api/settings', { data: { cart_reminder_hours: 0, cart_reminder_max: 2 } });
    expect(put.status(), await put.text()).toBe(200);

    const outboxRows = async (email: string) => {
      await admin.goto('/admin/outbox');
      return admin.getByRole('table', { name: 'Outbox messages' }).getByRole('row').filter({ hasText: email });
    };
    for (const expected of [1, 2, 2]) {
      const run = await page.request.get('/api/cron/expire-orders', { headers: CRON });
      expect(run.status(), await run.text()).toBe(200);
      await expect(await outboxRows(yes)).toHaveCount(expected);
      await expect(await outboxRows(no)).toHaveCount(0);
    }

    // The reminder lists the cart and links to it; the customer's browser opens their cart.
    const { email: frame } = await openOutboxMessage(admin, (await outboxRows(yes)).first());
    await expect(frame.getByRole('heading', { name: 'Your cart is still waiting' })).toBeVisible();
    await expect(frame.getByText(`1 × ${name}`)).toBeVisible();
    const href = await frame.getByRole('link', { name: 'Open my cart' }).getAttribute('href');
    expect(href).toMatch(/\/cart\?reminder=[A-Za-z0-9_.%-]+$/);
    const url = new URL(href!);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByRole('heading', { name: 'Your cart', level: 1 })).toBeVisible();
    await expect(page.getByText(name).first()).toBeVisible();
    // An altered token: the plain cart page, no error.
    await page.goto(`${url.pathname}${url.search.slice(0, -2)}zz`);
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByTestId('reminder-other-account')).toHaveCount(0);
    // Someone signed in with another account who opens the link sees their own cart, and a note.
    const other = await otherContext.newPage();
    await other.goto(`${url.pathname}${url.search}`);
    await expect(other.getByTestId('reminder-other-account')).toContainText('This reminder was for another account');
  } finally {
    await admin.request.put('/api/settings', { data: { cart_reminder_hours: before.cart_reminder_hours ?? 24, cart_reminder_max: before.cart_reminder_max ?? 2 } });
    await admin.request.delete(`/api/products/${productId}`);
    await otherContext.close();
    await adminContext.close();
  }
});
