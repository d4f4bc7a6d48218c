import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { CUSTOMER, signIn, signInAsAdmin } from './support/sign-in';

const png = (r: number, g: number, b: number, width = 800, height = 600) => sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer();

test('a visitor who opens the admin area is sent to log in', async ({ page }) => {
  await page.goto('/admin/product');
  await expect(page).toHaveURL(/\/login/);
});

test('a signed-in customer who opens the admin area is sent to the shop', async ({ page }) => {
  await signIn(page.request, CUSTOMER.identifier, CUSTOMER.password);
  await page.goto('/admin/merchant');
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/suppliers')).status()).toBe(403);
});

test('an admin edits a price inline, uploads two images and adds a brand', async ({ page }) => {
  await signInAsAdmin(page);

  // Product Management: the table loads after "Loading... Please wait."
  await page.goto('/admin/product');
  await expect(page.getByRole('heading', { name: 'Product Management' })).toBeVisible();
  await expect(page.getByText('Loading... Please wait.')).toBeHidden();
  const sidebarLink = page.getByTestId('admin-sidebar').getByRole('link', { name: 'Product Management' });
  await expect(sidebarLink).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('page-indicator')).toHaveText(/Page 1 of \d+/);

  const firstRow = page.locator('tbody tr[data-row-id]').first();
  const id = Number(await firstRow.getAttribute('data-row-id'));
  expect(id).toBeGreaterThan(0);

  // Double-click the price, type, Enter: the cell is marked modified until saved.
  const before = await (await page.request.get(`/api/products/${id}`)).json();
  const newPrice = Math.round((Number(before.price) + 7.77) * 100) / 100;
  const priceCell = page.getByTestId(`price-${id}`);
  await priceCell.dblclick();
  const input = page.getByTestId(`price-${id}-input`);
  await input.fill(newPrice.toFixed(2));
  await input.press('Enter');
  await expect(priceCell).toHaveAttribute('data-modified', 'true');
  await expect(priceCell).toContainText(newPrice.toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  await page.getByRole('button', { name: /Save Changes/ }).click();
  await expect(page.getByText('Change saved.')).toBeVisible();
  await expect(priceCell).not.toHaveAttribute('data-modified', 'true');
  const afterPrice = await (await page.request.get(`/api/products/${id}`)).json();
  expect(afterPrice.price).toBe(newPrice);

  // Edit Images: add two files (previews appear), save with a progress bar.
  await firstRow.getByRole('button', { name: 'Edit Images', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Images' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('image-file-input').setInputFiles([
    { name: 'oak-front.png', mimeType: 'image/png', buffer: await png(184, 105, 46) },
    { name: 'oak-side.png', mimeType: 'image/png', buffer: await png(47, 93, 80) },
    { name: 'icon.png', mimeType: 'image/png', buffer: await png(10, 10, 10, 10, 10) },
  ]);
  // The 10 × 10 px file is refused with its size; the others show as real pictures, never as their blob: address.
  await expect(dialog.getByText('“icon.png” is 10 × 10 px. Product images must be at least 600 × 600 px.')).toBeVisible();
  await expect(dialog.getByTestId('new-image')).toHaveCount(2);
  for (const thumb of await dialog.getByTestId('new-image').locator('img').all()) {
    await expect(thumb).toBeVisible();
    expect(await thumb.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth === 800)).toBe(true);
  }
  await expect(dialog.getByTestId('new-image').first()).toContainText('800 × 600 px');
  await expect(dialog).not.toContainText('blob:');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Images updated.')).toBeVisible();

  const product = await (await page.request.get(`/api/products/${id}`)).json();
  const uploaded = product.images.slice(-2);
  expect(uploaded).toHaveLength(2);
  for (const img of uploaded) {
    const res = await page.request.get(img.image_url);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/webp');
  }

  // The storefront product page shows them, loaded.
  const storefront = await page.goto(`/products/${id}`);
  expect(storefront?.status()).toBe(200);
  for (const img of uploaded) {
    const shown = page.locator(`img[src*="${img.image_url.split('/').pop()}"]`).first();
    await expect(shown).toBeVisible();
    expect(await shown.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }

  // Merchant Management: add a brand.
  await page.goto('/admin/merchant');
  await expect(page.getByRole('tab', { name: 'Brands' })).toHaveAttribute('data-state', 'active');
  const brandName = `Kauri & Co ${Date.now().toString(36)}`;
  const form = page.getByRole('form', { name: 'Add a brand' });
  await form.getByLabel('Name').fill(brandName);
  await form.getByLabel('Description').fill('Solid kauri furniture made in Northland');
  await form.getByRole('button', { name: 'Add Brand' }).click();
  await expect(page.getByRole('cell', { name: brandName })).toBeVisible();
  const brands = await (await page.request.get('/api/brands')).json();
  expect(brands.map((b: { name: string }) => b.name)).toContain(brandName);
});

test("an admin enters a product's description, material, colour and size in Edit Details, and the shop shows them", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/product');
  await expect(page.getByText('Loading... Please wait.')).toBeHidden();
  const firstRow = page.locator('tbody tr[data-row-id]').first();
  const id = Number(await firstRow.getAttribute('data-row-id'));
  const before = await (await page.request.get(`/api/products/${id}`)).json();
  const fields = ['description', 'material', 'color', 'size', 'variant_group'] as const;
  try {
    await firstRow.getByRole('button', { name: /^Edit details of / }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Details' });
    await expect(dialog.getByLabel('Colour')).toHaveValue(before.color ?? '');

    // The API's rules are checked before anything is sent: the message shows under the field, nothing is saved.
    await dialog.getByLabel('Variant group').fill('x'.repeat(101));
    await dialog.getByRole('button', { name: 'Save Details' }).click();
    await expect(dialog.getByText('Variant group must be at most 100 characters.')).toBeVisible();
    expect((await (await page.request.get(`/api/products/${id}`)).json()).variant_group).toBe(before.variant_group);

    await dialog.getByLabel('Variant group').fill(before.variant_group ?? '');
    await dialog.getByLabel('Description').fill('Solid rimu frame, oiled by hand in Nelson.');
    await dialog.getByLabel('Material').fill('Rimu');
    await dialog.getByLabel('Colour').fill('Dark green');
    await dialog.getByLabel('Size').fill('120x60 cm');
    await dialog.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByText('Product details saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The shop's product page shows them at once (the save revalidates its cached page).
    await page.goto(`/products/${id}`);
    await expect(page.getByText('Solid rimu frame, oiled by hand in Nelson.').first()).toBeVisible();
    const facts = page.getByTestId('product-facts');
    for (const text of ['Rimu', 'Dark green', '120x60 cm']) await expect(facts).toContainText(text);
  } finally {
    // Put the product back as it was for the other journeys.
    expect((await page.request.put(`/api/products/${id}`, { data: Object.fromEntries(fields.map((f) => [f, before[f] ?? ''])) })).ok()).toBeTruthy();
  }
});
