/**
 * A customer's own data (docs/accounts-and-security.md "A customer's own data"): a new customer
 * with a paid order downloads their data from Profile → Privacy, closes the account with their
 * password, cannot sign in afterwards, and the administrator still finds the order in Order
 * Management under the anonymised name; and the same done by the Owner from User Management on a
 * customer's behalf.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { confirmOrder, payWithDemoCard } from './checkout-steps';
import { ADMIN, logIn, signIn, signInAs } from './support/sign-in';

type Listed = { product_id: number; stock: number; price: number };

/** Adds one product in stock to the cart, confirms and pays with the demo card; returns the order id. */
async function buyOne(page: Page): Promise<number> {
  const listed = (await (await page.request.get('/api/products?limit=40')).json()) as { products: Listed[] };
  const product = listed.products.find((p) => p.stock >= 3 && p.price < 300) ?? listed.products.find((p) => p.stock >= 3)!;
  await page.goto(`/products/${product.product_id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' }).first()).toBeVisible();
  const orderId = await confirmOrder(page);
  await payWithDemoCard(page, orderId);
  return orderId;
}

test('a customer downloads their data and closes the account; sign-in then fails and the order stays in the back office under an anonymised name', async ({ page, browser }, testInfo) => {
  const id = `priv${Date.now().toString(36)}`;
  const email = `${id}@example.test`;
  const password = 'Privacy-pass-123';
  expect((await page.request.post('/api/users/register', { data: { user_name: id, email, password } })).ok()).toBeTruthy();
  await signIn(page.request, email, password);
  const orderId = await buyOne(page);

  // Profile → Privacy.
  await page.goto('/profile#privacy');
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await expect(privacy.getByText('tax invoices exactly as they were issued')).toBeVisible();
  expect((await new AxeBuilder({ page }).include('#privacy').analyze()).violations).toEqual([]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await privacy.screenshot({ path: testInfo.outputPath(`privacy-${width}.png`) });
  }

  // Download my data: a zip with account.json naming this customer, and the order.
  const [download] = await Promise.all([page.waitForEvent('download'), privacy.getByRole('link', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^totara-home-data-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  expect(Object.keys(files)).toContain('account.json');
  const account = JSON.parse(strFromU8(files['account.json'])) as { account: { email: string; user_name: string } };
  expect(account.account).toMatchObject({ email, user_name: id });
  expect(strFromU8(files['orders.csv'])).toContain(`\n${orderId},`);

  // Close my account: a wrong password is refused in the dialog, the right one closes it.
  await privacy.getByRole('button', { name: 'Close my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close your account?' });
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(dialog.getByText('Your password is not correct.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('privacy-dialog-390.png') });
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(privacy.getByRole('status')).toContainText('Your account is closed.');
  // This browser is signed out after the message.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });

  // Signing in with the old credentials fails as a wrong password does.
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid email/username or password.')).toBeVisible();

  // The administrator still sees the order, under the anonymised name.
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await signIn(admin.request, ADMIN.identifier, ADMIN.password);
    await admin.goto(`/admin/order?q=${orderId}`);
    const row = admin.getByTestId(`order-row-${orderId}`);
    await expect(row).toBeVisible();
    await expect(row).toContainText(/closed-account-\d+/);
    await expect(row).not.toContainText(id);
  } finally {
    await context.close();
  }
});

test('an Owner downloads a customer’s data and closes their account from User Management; the customer cannot sign in and the order stays under the anonymised name', async ({ page, browser }, testInfo) => {
  const id = `byst${Date.now().toString(36)}`;
  const email = `${id}@example.test`;
  const password = 'Privacy-pass-123';
  const customer = await browser.newContext();
  let orderId: number;
  try {
    const shopper = await customer.newPage();
    expect((await shopper.request.post('/api/users/register', { data: { user_name: id, email, password } })).ok()).toBeTruthy();
    await signIn(shopper.request, email, password);
    orderId = await buyOne(shopper);
  } finally {
    await customer.close();
  }

  await signInAs(page.request, ADMIN);

  // An Accountant sees customers (customers.read) but may not change them: no buttons, and the call answers 403.
  const accountantName = `books${Date.now().toString(36)}`;
  const added = await page.request.post('/api/admins', { data: { username: accountantName, email: `${accountantName}@example.test`, password: 'Accountant-123' } });
  expect(added.status()).toBe(201);
  const roles = (await (await page.request.get('/api/roles')).json()) as { id: number; name: string }[];
  const accountantRole = roles.find((r) => r.name === 'Accountant')!;
  expect((await page.request.put(`/api/users/${((await added.json()) as { id: number }).id}/roles`, { data: { role_ids: [accountantRole.id] } })).status()).toBe(200);
  const accountantContext = await browser.newContext();
  try {
    const accountant = await accountantContext.newPage();
    await signIn(accountant.request, `${accountantName}@example.test`, 'Accountant-123');
    await accountant.goto(`/admin/user?q=${id}`);
    const seen = accountant.getByRole('row').filter({ hasText: email });
    await expect(seen).toHaveCount(1);
    await expect(seen.getByRole('link', { name: 'Download data' })).toHaveCount(0);
    await expect(seen.getByRole('button', { name: 'Close account' })).toHaveCount(0);
    const customerId = Number((await seen.getAttribute('data-testid'))!.replace('user-row-', ''));
    expect((await accountant.request.post(`/api/users/${customerId}/close`)).status()).toBe(403);
  } finally {
    await accountantContext.close();
  }

  await page.goto(`/admin/user?q=${id}`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);

  // Download data: the customer's zip, as Profile → Privacy gives it.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Download data' }).click()]);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  expect(JSON.parse(strFromU8(files['account.json'])).account).toMatchObject({ email, user_name: id });

  // Close account: a confirmation that says what goes and what stays; keeping the account changes nothing.
  await row.getByRole('button', { name: 'Close account' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Close the account of ${id}?` });
  await expect(dialog).toContainText('Orders, tax invoices and their reviews (without the name) are kept');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`user-close-dialog-${width}.png`) });
  }
  await dialog.getByRole('button', { name: 'Keep the account' }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: 'Close account' }).click();
  await dialog.getByRole('button', { name: 'Close account' }).click();
  await expect(page.getByText(/^Account #\d+ is closed\./)).toBeVisible();
  // The list reads its page again: the account no longer answers to its name or address.
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  // The customer's password no longer signs in.
  const again = await browser.newContext();
  try {
    const shopper = await again.newPage();
    await logIn(shopper, email, password);
    await expect(shopper.getByText('Invalid email/username or password.')).toBeVisible();
  } finally {
    await again.close();
  }

  // Order Management still lists the order, under the anonymised name.
  await page.goto(`/admin/order?q=${orderId}`);
  const order = page.getByTestId(`order-row-${orderId}`);
  await expect(order).toContainText(/closed-account-\d+/);
  await expect(order).not.toContainText(id);
});
