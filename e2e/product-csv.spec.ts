/**
 * Product CSV import and export (docs/catalogue.md "CSV import and export"): an administrator
 * exports the products of a search, edits two prices and one stock figure in the file, checks it —
 * the dry run lists exactly those three changes — applies it, and the storefront shows the new price
 * and the product's stock the counted units (the `count` row of the ledger moved it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { ADMIN, signInAs } from './support/sign-in';

type Row = Record<string, string>;
type ApiProduct = { product_id: number; sku: string; price: number; stock: number };

test('an administrator exports products, edits two prices and a stock figure, checks and applies the file', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page.request, ADMIN);
  // The search runs in the page's script: wait until it has loaded.
  await page.goto('/admin/product', { waitUntil: 'networkidle' });
  await page.getByLabel('Find a product by name or SKU').fill('sofa');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Clear Search' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = fs.readFileSync((await download.path())!, 'utf8');
  const rows: Row[] = parse(exported, { columns: true, bom: true });
  const header = Object.keys(rows[0]);
  const stockColumn = header.find((h) => h.startsWith('stock:'))!;
  expect(header.slice(0, 7)).toEqual(['sku', 'name', 'description', 'category', 'brand', 'supplier', 'price']);
  expect(rows.length).toBeGreaterThan(3);

  // Two prices up by $10, one stock figure up by 5 units.
  const [a, b, c] = rows.filter((r) => r.status === 'active');
  const newA = (Number(a.price) + 10).toFixed(2);
  const newB = (Number(b.price) + 10).toFixed(2);
  const newStock = String(Number(c[stockColumn]) + 5);
  const before = await productBySku(page, c.sku);
  a.price = newA;
  b.price = newB;
  c[stockColumn] = newStock;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'product-csv-')), 'products.csv');
  fs.writeFileSync(file, stringify(rows, { header: true, columns: header }));

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
  await dialog.getByLabel('CSV file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await expect(dialog.getByText(`Checked: 0 to create, 3 to update, ${rows.length - 3} unchanged, 0 with errors.`)).toBeVisible();
  const table = dialog.getByRole('table', { name: 'Rows of the file' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table.getByRole('row').filter({ hasText: a.sku })).toContainText(`→ ${newA}`);
  await expect(table.getByRole('row').filter({ hasText: b.sku })).toContainText(`→ ${newB}`);
  await expect(table.getByRole('row').filter({ hasText: c.sku })).toContainText(`${stockColumn}:`);
  await expect(table.getByRole('row').filter({ hasText: c.sku })).toContainText(`→ ${newStock}`);

  // The dry run's table at desktop and phone width (the dialog scrolls inside itself).
  await page.screenshot({ path: test.info().outputPath('product-csv-dry-run-desktop.png') });
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('product-csv-dry-run-phone.png') });
  await page.setViewportSize(desktop);

  await dialog.getByRole('button', { name: 'Apply 3 changes' }).click();
  await expect(dialog.getByText(/^Applied: 0 to create, 3 to update/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('product-csv-applied.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The storefront shows the new price; the counted units are on sale (Σ available follows the ledger).
  const productA = await productBySku(page, a.sku);
  expect(productA.price).toBe(Number(newA));
  await page.goto(`/products/${productA.product_id}`);
  await expect(page.getByTestId('price').first()).toContainText(Number(newA).toLocaleString('en-NZ', { minimumFractionDigits: 2 }));
  const after = await productBySku(page, c.sku);
  expect(after.stock).toBe(before.stock + 5);
});

/** The product of a SKU through the public API (its `stock`: units available over every location). */
async function productBySku(page: import('@playwright/test').Page, sku: string): Promise<ApiProduct> {
  const res = await page.request.get(`/api/products?${new URLSearchParams({ q: sku, limit: '20' })}`);
  expect(res.ok()).toBeTruthy();
  const found = ((await res.json()) as { products: ApiProduct[] }).products.find((p) => p.sku === sku);
  expect(found, `product ${sku}`).toBeTruthy();
  return found!;
}
