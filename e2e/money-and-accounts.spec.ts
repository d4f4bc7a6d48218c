/**
 * A paid order's tax invoice (the printable page and its PDF), and a forgotten
 * password reset through the link e-mailed to the outbox.
 */
import { expect, test, type Page } from '@playwright/test';
import { confirmOrder, openOutboxMessage, outboxRowsFor, payWithDemoCard } from './checkout-steps';
import { ADMIN, signIn } from './support/sign-in';

/** A new customer of this run, registered through the API. */
async function newCustomer(page: Page, prefix: string) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const customer = { email: `${prefix}-${id}@example.test`, userName: `${prefix}_${id}`, password: 'First-pass-123' };
  expect((await page.request.post('/api/users/register', { data: { user_name: customer.userName, email: customer.email, password: customer.password } })).ok()).toBeTruthy();
  return customer;
}

test('a customer pays an order, sees the GST it includes, and opens and downloads its tax invoice', async ({ page }) => {
  const customer = await newCustomer(page, 'invoice');
  await signIn(page.request, customer.email, customer.password);
  const listed = (await (await page.request.get('/api/products?limit=60')).json()) as { products: { product_id: number; stock: number; name: string }[] };
  const product = listed.products.find((p) => p.stock >= 5)!;
  await page.goto(`/products/${product.product_id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' }).first()).toBeVisible();

  // The cart says how much GST its total includes.
  await page.goto('/cart');
  await expect(page.getByTestId('gst-included').first()).toHaveText(/^Includes GST \$[\d,]+\.\d\d$/);

  const orderId = await confirmOrder(page);
  await payWithDemoCard(page, orderId);

  // The order's own figures, as the API has them.
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { gst_amount: number; total_amount: number };
  const money = (n: number) => `$${n.toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  expect(order.gst_amount).toBeGreaterThan(0);

  // Your orders: the details show the GST and link the tax invoice.
  await page.goto('/order');
  const row = page.getByTestId('order-row').filter({ hasText: `#${orderId}` });
  await row.getByRole('button', { name: 'Show Details' }).click();
  await expect(page.getByText('Includes GST').first()).toBeVisible();
  await page.getByTestId('tax-invoice-link').first().click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}/invoice$`));

  const doc = page.getByTestId('tax-document');
  await expect(doc.getByRole('heading', { name: 'Tax invoice' })).toBeVisible();
  await expect(doc).toContainText('Totara Home');
  await expect(doc).toContainText('GST number 123-456-789');
  await expect(doc.getByTestId('document-number')).toHaveText(/^INV-\d{6}$/);
  await expect(doc).toContainText(product.name);
  await expect(doc.getByTestId('document-gst')).toHaveText(money(order.gst_amount));
  await expect(doc.getByTestId('document-total')).toHaveText(money(order.total_amount));
  const number = (await doc.getByTestId('document-number').textContent())!;

  // The PDF download.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-pdf').click()]);
  expect(download.suggestedFilename()).toBe(`tax-invoice-${number}.pdf`);
  const pdf = await (await page.request.get(`/api/orders/${orderId}/invoice`)).body();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain(`(Tax invoice ${number})`);

  // Nobody else sees it.
  const stranger = await page.context().browser()!.newContext();
  try {
    const other = await stranger.newPage();
    const someone = await newCustomer(other, 'stranger');
    await signIn(other.request, someone.email, someone.password);
    expect((await other.request.get(`/api/orders/${orderId}/invoice`)).status()).toBe(404);
    const res = await other.goto(`/order/${orderId}/invoice`);
    expect(res?.status()).toBe(404);
  } finally {
    await stranger.close();
  }
});

test('a customer who forgot the password resets it through the e-mailed link from the outbox', async ({ page, browser }) => {
  const customer = await newCustomer(page, 'forgot');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('form-message')).toContainText('If an account uses that email address, we have sent it a link');

  // The administrator reads the e-mail in the outbox and hands over the link.
  let link = '';
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signIn(admin.request, ADMIN.identifier, ADMIN.password);
    const theirs = await outboxRowsFor(admin, customer.email);
    const message = await openOutboxMessage(admin, theirs, 'Totara Home: reset your password');
    await expect(message.email.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    const text = (await message.text.textContent())!;
    link = text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)![0];
  } finally {
    await adminContext.close();
  }

  // The link, opened on this shop: a new password, then a log in with it.
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('New password', { exact: true }).fill('Second-pass-456');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Second-pass-456');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('form-message')).toContainText('Your password has been changed');

  // Used once: the same link now refuses.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('New password', { exact: true }).fill('Third-pass-789');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Third-pass-789');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('form-message')).toContainText('invalid, has expired or has already been used');

  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill('Second-pass-456');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
});
