/**
 * Back-in-stock alerts (docs/mail.md "Back-in-stock alerts"): a customer asks for one on a sold-out
 * product, an administrator restocks it in Product Management, the alert e-mail is in the outbox,
 * and its unsubscribe link works. The product page with the alert form (a visitor's and a
 * customer's) and the link pages are axe-clean.
 */
import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openOutboxMessage } from './checkout-steps';
import { ADMIN, signIn } from './support/sign-in';


async function expectNoAxeViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(
    results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} — ${n.target.join(' ')}`)),
    what,
  ).toEqual([]);
}

test('a customer asks to be e-mailed when a sold-out product is back; an administrator restocks it; the alert is in the outbox and its unsubscribe link works', async ({ page, browser }) => {
  const t = crypto.randomBytes(3).toString('hex');
  const name = `Rimu bookcase ${t}`;
  const sku = `BIS-${t}`.toUpperCase();

  // The administrator, in a browser of their own, adds a sold-out product.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin.request, ADMIN.identifier, ADMIN.password);
  const tree = (await (await admin.request.get('/api/categories')).json()) as { subcategories: { category_id: number }[] }[];
  const created = await admin.request.post('/api/products', { data: { name, sku, price: 649, stock: 0, category_id: tree[0].subcategories[0].category_id } });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { product_id: number }).product_id;

  try {
    // A visitor sees the form with an address field: axe-clean, at a phone's width and a desktop's.
    await page.goto(`/products/${productId}`);
    const alert = page.getByTestId('stock-alert');
    await expect(alert.getByRole('heading', { name: 'Email me when it’s back' })).toBeVisible();
    await expect(alert.getByLabel('Your email address')).toBeVisible();
    // Until the page knows who is looking, the button waits, dimmed: axe reads the form once it is ready.
    await expect(alert.getByRole('button', { name: 'Email me when it’s back' })).toBeEnabled();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `product page, visitor's alert form, ${width} px`);
    }
    // A visitor's address that is not one is refused in place.
    await alert.getByLabel('Your email address').fill('not an address');
    await alert.getByRole('button', { name: 'Email me when it’s back' }).click();
    await expect(alert.getByText('Please enter a valid email address.')).toBeVisible();

    // A new customer signs in and asks with one click.
    const email = `alert-${t}@example.test`;
    expect((await page.request.post('/api/users/register', { data: { user_name: `alert_${t}`, email, password: 'Alert-pass-123' } })).ok()).toBeTruthy();
    await signIn(page.request, email, 'Alert-pass-123');
    await page.reload();
    await expect(alert.getByLabel('Your email address')).toHaveCount(0);
    await alert.getByRole('button', { name: 'Email me when it’s back' }).click();
    await expect(alert.getByRole('status')).toContainText(`We will e-mail ${email} once when it is back in stock.`);
    await expectNoAxeViolations(page, "product page, customer's alert confirmed");

    // Product Management: the administrator sets the stock to 3 and saves.
    await admin.goto('/admin/product');
    await expect(admin.getByText('Loading... Please wait.')).toBeHidden();
    await admin.getByLabel('Find a product by name or SKU').fill(sku);
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    const row = admin.locator('tbody tr[data-row-id]').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await admin.getByTestId(`stock-${productId}`).dblclick();
    const input = admin.getByTestId(`stock-${productId}-input`);
    await input.fill('3');
    await input.press('Enter');
    await admin.getByRole('button', { name: /Save Changes/ }).click();
    await expect(admin.getByText('Change saved.')).toBeVisible();

    // The outbox holds one alert for the customer.
    await admin.goto('/admin/outbox');
    const theirs = admin.getByRole('table', { name: 'Outbox messages' }).getByRole('row').filter({ hasText: email });
    await expect(theirs).toHaveCount(1);
    const { email: frame } = await openOutboxMessage(admin, theirs, `Back in stock: ${name}`);
    await expect(frame.getByRole('heading', { name: `${name} is back in stock` })).toBeVisible();
    const href = await frame.getByRole('link', { name: 'Unsubscribe from back-in-stock alerts' }).getAttribute('href');
    expect(href).toMatch(/\/stock-alerts\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);

    // The unsubscribe link: an altered token is not valid; the real one asks, then unsubscribes.
    const url = new URL(href!);
    await page.goto(`${url.pathname}?token=${url.searchParams.get('token')!.slice(0, -2)}zz`);
    await expect(page.getByText('This link is not valid')).toBeVisible();
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByRole('heading', { name: 'Unsubscribe from back-in-stock alerts', level: 1 })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectNoAxeViolations(page, 'unsubscribe page');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status')).toContainText(`You are unsubscribed: ${email} will get no more back-in-stock alerts from us.`);
  } finally {
    await admin.request.delete(`/api/products/${productId}`);
    await adminContext.close();
  }
});
