/**
 * The back office as an owner uses it on a 1280 px laptop: the product table fits without
 * scrolling sideways, an inline price edit refuses $0 and negative prices before showing or
 * sending them, and a discount code can be edited and, while unused, deleted.
 */
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/sign-in';

test.use({ viewport: { width: 1280, height: 800 } });

test('at 1280 px the product table and its action buttons fit the page without scrolling sideways', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/product');
  await expect(page.getByText('Loading... Please wait.')).toBeHidden();
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible();
  // The table's scroller has nothing to scroll, and the page neither.
  const scroller = table.locator('xpath=..');
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  // Every action button of every row lies inside the table's box.
  const box = (await scroller.boundingBox())!;
  const buttons = await table.locator('tbody tr[data-row-id]').getByRole('button', { name: /^(Edit Images|Edit details of .*|Delete)$/ }).all();
  expect(buttons.length).toBeGreaterThanOrEqual(3);
  for (const b of buttons) {
    const r = (await b.boundingBox())!;
    expect(r.x).toBeGreaterThanOrEqual(box.x);
    expect(r.x + r.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
});

test('an inline price edit refuses a negative or zero price before showing or sending it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/product');
  await expect(page.getByText('Loading... Please wait.')).toBeHidden();
  const id = Number(await page.locator('tbody tr[data-row-id]').first().getAttribute('data-row-id'));
  const before = await (await page.request.get(`/api/products/${id}`)).json();
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/products/${id}`) && r.method() !== 'GET') writes.push(r.method());
  });

  const cell = page.getByTestId(`price-${id}`);
  await cell.dblclick();
  const input = page.getByTestId(`price-${id}-input`);
  for (const typed of ['-5', '0']) {
    await input.fill(typed);
    await input.press('Enter');
    await expect(page.getByTestId(`price-${id}-refusal`)).toHaveText('Price must be more than $0.00.');
    await expect(input).toBeVisible();
  }
  await expect(page.getByText('-$5.00')).toHaveCount(0);
  await expect(page.getByText('−$5.00')).toHaveCount(0);
  // Escape gives the saved price back; nothing was marked changed or sent.
  await input.press('Escape');
  await expect(cell).not.toHaveAttribute('data-modified', 'true');
  await expect(cell).toContainText(Number(before.price).toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  await expect(page.getByRole('button', { name: /Save Changes/ })).toBeDisabled();
  expect(writes).toEqual([]);
  expect((await (await page.request.get(`/api/products/${id}`)).json()).price).toBe(before.price);
});

test('an administrator edits a discount code in the back office, then deletes an unused one', async ({ page }) => {
  await signInAsAdmin(page);
  const code = `EDIT${Date.now().toString(36).toUpperCase()}`;
  const created = await page.request.post('/api/discount-codes', { data: { code, kind: 'percent', value: 10 } });
  expect(created.status()).toBe(201);

  await page.goto('/admin/discount-codes');
  const row = page.getByTestId('discount-code-row').filter({ hasText: code });
  await expect(row).toContainText('10% off');
  await row.getByRole('button', { name: `Edit ${code}` }).click();
  const form = page.getByRole('form', { name: `Edit discount code ${code}` });
  await expect(form.getByLabel('Code')).toHaveValue(code);
  await expect(form.getByLabel('Percentage (%)')).toHaveValue('10');
  await form.getByLabel('Percentage (%)').fill('15');
  await form.getByLabel('Total uses (empty: no limit)').fill('50');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Discount code ${code} saved.`)).toBeVisible();
  await expect(row).toContainText('15% off');
  await expect(row).toContainText('0 of 50');
  await expect(page.getByRole('form', { name: 'New discount code' })).toBeVisible();

  // Never used: it can be deleted, after a confirmation.
  await row.getByRole('button', { name: `Delete ${code}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Delete ${code}? It has never been used on an order.`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${code} is deleted.`)).toBeVisible();
  await expect(page.getByTestId('discount-code-row').filter({ hasText: code })).toHaveCount(0);
});
