/**
 * The stock back office (docs/stock.md "The back office"): an administrator adds a showroom on Stock
 * locations, receives units of a product at the default location with a note, transfers some to the
 * showroom, and reads both in the product's history with their name; a transfer of more than is
 * available is refused with the reason and changes nothing.
 */
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/sign-in';

test('an admin adjusts stock with a reason, transfers units to a showroom and sees both in the history', async ({ page }) => {
  await signInAsAdmin(page);
  const { products } = (await (await page.request.get('/api/products?limit=1')).json()) as { products: { product_id: number; sku: string; name: string }[] };
  const product = products[0];

  // A showroom of this run's own, added on Stock locations.
  const showroom = `Ponsonby showroom ${Date.now().toString(36)}`;
  await page.goto('/admin/stock');
  await expect(page.getByRole('heading', { name: 'Stock', exact: true })).toBeVisible();
  await expect(page.getByTestId('admin-sidebar').getByRole('link', { name: 'Stock' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Stock locations' }).click();
  await page.getByRole('button', { name: 'Add location' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Name').fill(showroom);
  await form.getByLabel('Postcode').fill('1011');
  await form.getByLabel('Address').fill('200 Ponsonby Road, Auckland 1011');
  await form.getByRole('button', { name: 'Save location' }).click();
  await expect(page.getByTestId('location-row').filter({ hasText: showroom })).toBeVisible();

  // Receive 5 at the default location, with a note.
  await page.goto(`/admin/stock?q=${encodeURIComponent(product.sku)}`);
  const row = page.getByTestId('stock-row').first();
  await expect(row).toContainText(product.name);
  const location = (await row.getByRole('cell').nth(1).innerText()).trim();
  await row.getByRole('button', { name: /^Adjust/ }).click();
  const adjust = page.getByRole('dialog');
  await adjust.getByLabel('Reason').selectOption('received');
  await adjust.getByLabel('Quantity').fill('5');
  await adjust.getByLabel('Note (optional)').fill('Container from Nelson');
  await adjust.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(page.getByText(/Stock adjusted:/)).toBeVisible();
  await expect(adjust).toBeHidden();

  // Too many to transfer: refused with the reason, the dialog stays open.
  await row.getByRole('button', { name: /^Transfer/ }).click();
  const transfer = page.getByRole('dialog');
  await transfer.getByLabel('To').selectOption({ label: showroom });
  await transfer.getByLabel('Quantity').fill('99999');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(transfer.getByRole('alert')).toContainText(/can leave/);

  // Two units to the showroom.
  await transfer.getByLabel('Quantity').fill('2');
  await transfer.getByLabel('Note (optional)').fill('For the floor');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText(`Moved 2 to ${showroom}.`)).toBeVisible();
  await expect(page.getByTestId('stock-row').filter({ hasText: showroom })).toContainText('2');

  // The product's history: the transfer's two rows and the receipt, newest first, naming the admin.
  await row.getByRole('link', { name: product.name }).click();
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  const entries = page.getByTestId('ledger-row');
  await expect(entries.filter({ hasText: 'Received' }).first()).toContainText('+5');
  await expect(entries.filter({ hasText: 'Received' }).first()).toContainText('Container from Nelson');
  await expect(entries.filter({ hasText: `to ${showroom}` }).first()).toContainText('−2');
  await expect(entries.filter({ hasText: `from ${location}` }).first()).toContainText('+2');
  await expect(entries.first()).toContainText('Transfer');
  await expect(entries.first()).toContainText('admin');
  await expect(page.getByTestId('level-row').filter({ hasText: showroom })).toBeVisible();
});
