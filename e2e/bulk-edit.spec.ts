import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/sign-in';

// Bulk edit in Product Management (docs/back-office.md "Bulk edit"): an administrator searches,
// selects every product matching the search (more than one page), previews a 10 % price cut
// (count and before → after), applies it, and the storefront's product page shows the new price at
// once (writes expire the cached pages by tag: docs/decisions/0002-caching.md).

const money = (dollars: number) => new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD' }).format(dollars);
/** A 10 % cut in cents, rounded half away from zero (lib/catalog/admin/bulk-edit.ts byPercent). */
const cut = (dollars: number) => Math.floor((Math.round(dollars * 100) * 9000 + 5000) / 10000) / 100;

test('a 10 % price cut on every product matching a search shows the new prices on the storefront', async ({ page }, testInfo) => {
  // A search with more than one page of matches (18 a page), so "Select all N matching" is offered.
  let query = '';
  let total = 0;
  let first: { product_id: number; price: number; name: string } | undefined;
  for (const candidate of ['stool', 'bench', 'cabinet', 'wardrobe', 'shelf', 'table']) {
    const res = await page.request.get(`/api/products?q=${candidate}&sort=newest&limit=18`);
    const body = (await res.json()) as { total: number; products: { product_id: number; price: number; name: string }[] };
    if (body.total > 18 && body.total <= 120) {
      query = candidate;
      total = body.total;
      first = body.products[0];
      break;
    }
  }
  expect(query, 'a search with between 19 and 120 matches').not.toBe('');

  await signInAsAdmin(page);
  await page.goto('/admin/product');
  await page.getByLabel('Find a product by name or SKU').fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId(`product-row-${first!.product_id}`)).toBeVisible();

  // A tick landing while the searched list renders again is lost: tick until the bar counts it.
  const wholePage = page.getByLabel('Select every product on this page');
  await expect(async () => {
    if (await wholePage.isChecked()) await wholePage.uncheck({ timeout: 2_000 });
    await wholePage.check({ timeout: 2_000 });
    await expect(page.getByTestId('bulk-count')).toHaveText('18 selected', { timeout: 1_000 });
  }).toPass();
  await page.getByRole('button', { name: `Select all ${total} matching this search` }).click();
  await expect(page.getByTestId('bulk-count')).toHaveText(`${total} selected`);

  const form = page.getByRole('form', { name: 'Bulk change' });
  await form.getByLabel('Change').selectOption({ label: 'Change price by percentage' });
  await form.getByRole('textbox', { name: 'Percent' }).fill('-10');
  await form.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByTestId('bulk-preview');
  await expect(preview).toContainText(`${total} products will change; the first 10 are shown.`);
  const row = preview.getByRole('row').filter({ hasText: first!.name }).first();
  await expect(row).toContainText(money(first!.price));
  await expect(row).toContainText(money(cut(first!.price)));
  await page.screenshot({ path: testInfo.outputPath('bulk-preview-desktop.png'), fullPage: false });

  await page.getByRole('button', { name: `Apply to ${total} products` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Updated ${total} products.` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();

  // The storefront's product page and API show the new price.
  await page.goto(`/products/${first!.product_id}`);
  await expect(page.getByTestId('price').first()).toContainText(money(cut(first!.price)));
  const api = (await (await page.request.get(`/api/products/${first!.product_id}`)).json()) as { price: number };
  expect(api.price).toBe(cut(first!.price));
});

test('phone: the bulk bar and its preview fit a 390 px screen', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await page.goto('/admin/product');
  // The table's header is hidden on phones: tick one row, then the bar's "Select this page".
  await page.getByRole('checkbox', { name: /^Select (?!every)/ }).first().check();
  await expect(page.getByTestId('bulk-count')).toHaveText('1 selected');
  await page.getByRole('button', { name: 'Select this page' }).click();
  await expect(page.getByTestId('bulk-count')).toHaveText('18 selected');
  const form = page.getByRole('form', { name: 'Bulk change' });
  await form.getByLabel('Change').selectOption({ label: 'Set featured' });
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('bulk-preview')).toContainText('18 products will change');
  await page.screenshot({ path: testInfo.outputPath('bulk-preview-phone.png'), fullPage: false });
  const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(scrollsSideways).toBe(false);
});
