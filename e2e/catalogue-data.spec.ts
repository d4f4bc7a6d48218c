/**
 * Catalogue data a furniture buyer can trust (docs/catalogue.md "Catalogue import"): the KIVIK
 * 3-seat sofa, whose dataset row leaves width and depth empty, shows its full measurements and is
 * delivered as a bulky piece (no courier); product pages show only the facts a product has and
 * offer colours only as a real choice; in Edit Details Style is chosen from a list, and the API
 * stores "upholstered" as "Upholstered", so the shop lists one Upholstered filter.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/sign-in';

const facts = (page: Page) => page.getByTestId('product-facts');
const fact = (page: Page, label: string) => facts(page).locator('div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

/** The id of the product with this SKU, through the public API. */
async function productIdBySku(page: Page, sku: string): Promise<number> {
  const res = await page.request.get(`/api/products?q=${encodeURIComponent(sku)}&limit=5`);
  expect(res.ok()).toBeTruthy();
  const found = ((await res.json()).products as { product_id: number; sku: string }[]).find((p) => p.sku === sku);
  expect(found, sku).toBeTruthy();
  return found!.product_id;
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`${label}: the KIVIK 3-seat sofa shows its full dimensions, two-person delivery and no empty facts`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/products/${await productIdBySku(page, 'S193.055.67')}`);
    await expect(page.getByTestId('product-name')).toHaveText('KIVIK 3-seat sofa');
    await expect(fact(page, 'Dimensions')).toHaveText('280 × 83 × 163 cm (W × H × D)');
    const delivery = page.getByTestId('product-delivery');
    await expect(delivery).toBeVisible();
    await expect(delivery).not.toContainText(/courier/i);
    // No row without a value: this sofa has no size text.
    await expect(facts(page).locator('dt', { hasText: /^Size$/ })).toHaveCount(0);
    await expect(facts(page).locator('dd', { hasText: /^[—–-]$/ })).toHaveCount(0);
    // Its other colour is a real choice, not a sentence.
    await expect(page.getByRole('group', { name: /^Colour/ }).getByRole('link')).toHaveCount(2);
    await expect(page.getByText(/other colours/i)).toHaveCount(0);
  });
}

test('a sofa sold in one colour here says nothing of other colours, and is still delivered bulky', async ({ page }) => {
  // KIVIK 2-seat sofa: the dataset flags other colours, the shop sells one, and it has no measurements.
  await page.goto(`/products/${await productIdBySku(page, 'S193.055.72')}`);
  await expect(page.getByTestId('product-name')).toHaveText('KIVIK 2-seat sofa');
  await expect(page.getByText(/other colours/i)).toHaveCount(0);
  await expect(page.getByRole('group', { name: /^Colour/ })).toHaveCount(0);
  await expect(fact(page, 'Dimensions')).toHaveText('Not listed');
  await expect(page.getByTestId('product-delivery')).not.toContainText(/courier/i);
});

test('Edit Details offers Style as a list; "upholstered" is stored as "Upholstered" and the shop lists one Upholstered filter', async ({ page }) => {
  await signInAsAdmin(page);

  const sku = 'S193.055.67';
  const id = await productIdBySku(page, sku);
  const before = await (await page.request.get(`/api/products/${id}`)).json();
  try {
    await page.goto('/admin/product');
    await page.getByLabel('Find a product by name or SKU').fill(sku);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.locator(`tbody tr[data-row-id="${id}"]`);
    await row.getByRole('button', { name: /^Edit details of / }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Details' });
    const style = dialog.getByRole('combobox', { name: 'Style' });
    await expect(style).toHaveValue('Upholstered');
    const options = (await style.locator('option').allInnerTexts()).map((o) => o.trim());
    expect(options.slice(0, 6)).toEqual(['Not set', 'Rattan & wicker', 'Upholstered', 'Natural wood', 'Metal & industrial', 'Modern & painted']);
    expect(new Set(options.map((o) => o.toLowerCase())).size).toBe(options.length);
    await expect(dialog.getByRole('combobox', { name: 'Function' })).toHaveValue('Seating');
    await expect(dialog.getByRole('combobox', { name: 'Mobility' })).toHaveValue('Freestanding');
    await style.selectOption('Natural wood');
    await dialog.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByText('Product details saved')).toBeVisible();
    expect((await (await page.request.get(`/api/products/${id}`)).json()).style).toBe('Natural wood');

    // Typed by hand through the API: stored in the list's spelling, or refused.
    const lower = await page.request.put(`/api/products/${id}`, { data: { style: 'upholstered' } });
    expect(lower.status()).toBe(200);
    expect((await lower.json()).style).toBe('Upholstered');
    const unknown = await page.request.put(`/api/products/${id}`, { data: { style: 'Mid-century' } });
    expect(unknown.status()).toBe(400);
    expect((await unknown.json()).message).toMatch(/^Style must be one of the listed styles/);

    await page.goto('/products');
    const styleFilter = page.getByTestId('style-filter').filter({ visible: true });
    await styleFilter.getByRole('button', { name: /^Style/ }).click();
    const showMore = styleFilter.getByText(/^Show \d+ more$/);
    if (await showMore.isVisible()) await showMore.click();
    await expect(styleFilter.getByLabel(/^upholstered/i)).toHaveCount(1);
  } finally {
    await page.request.put(`/api/products/${id}`, { data: { style: before.style } });
  }
});
