/**
 * What a shopper sees in the small places of the storefront: My Orders' items of a discounted order
 * on a 390 px phone (nothing clipped, the discount's "−" beside its amount); a size range typed the
 * other way round; the rating filter offered only when it would list something; the privacy policy
 * and terms of sale at the foot of every page and in the sitemap; and the shop's social pages,
 * shown once an administrator sets them in System Settings and hidden while empty.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {  } from './checkout-steps';
import { ADMIN, signIn } from './support/sign-in';

/** Registers a new customer of this run and signs `request` in as them. */
async function newCustomer(request: APIRequestContext): Promise<{ email: string }> {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const customer = { email: `details-${id}@example.test`, user_name: `details_${id}`, password: 'First-pass-123' };
  expect((await request.post('/api/users/register', { data: customer })).ok()).toBeTruthy();
  await signIn(request, customer.email, customer.password);
  return customer;
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a customer opens a discounted order in My Orders: every column of its items fits, and the discount's sign stays with its amount", async ({ page, browser, baseURL }) => {
    // An administrator's 10 % code.
    const admin = await browser.newContext();
    await signIn(admin.request, ADMIN.identifier, ADMIN.password);
    const code = `PHONE${Date.now().toString(36).toUpperCase()}`;
    expect((await admin.request.post('/api/discount-codes', { data: { code, kind: 'percent', value: 10 }, headers: { origin: baseURL! } })).status()).toBe(201);
    await admin.close();

    // Two of the dearest pieces, three of the one with the longest name: five-figure amounts and
    // long words are what the table has to fit.
    await newCustomer(page.request);
    const { products } = (await (await page.request.get('/api/products?sort=price_desc&limit=100')).json()) as { products: { product_id: number; name: string; stock: number; price: number }[] };
    const inStock = products.filter((p) => p.stock >= 3).sort((a, b) => b.name.length - a.name.length);
    expect(inStock.length).toBeGreaterThanOrEqual(2);
    expect(inStock[0].price * 3).toBeGreaterThan(5000);
    const lines: number[] = [];
    for (const [p, quantity] of [
      [inStock[0], 3],
      [inStock[1], 1],
    ] as const) {
      const added = await page.request.post('/api/cart/add', { data: { product_id: p.product_id, quantity } });
      expect(added.ok()).toBeTruthy();
      lines.push((await added.json()).CartItem.cart_item_id);
    }
    const placed = await page.request.post('/api/orders', {
      data: {
        cartItems: lines.map((cart_item_id) => ({ cart_item_id })),
        newAddress: { street_address: '12 Ponsonby Road', city: 'Auckland', postal_code: '1011', country: 'New Zealand' },
        newContact: { first_name: 'Sam', last_name: 'Taylor', phone_number: '021 555 0101', email: 'sam@example.test' },
        discount_code: code,
      },
    });
    expect(placed.status()).toBe(201);
    const orderId = (await placed.json()).order.order_id as number;

    await page.goto('/order');
    await page.getByTestId('order-row').filter({ hasText: `#${orderId}` }).getByRole('button', { name: 'Show Details' }).click();
    const items = page.getByRole('table', { name: `Items of order ${orderId}` });
    await expect(items).toBeVisible();

    // Nothing of the table is hidden or needs a sideways scroll, and it ends inside the screen.
    const fit = await items.evaluate((table) => {
      const box = table.parentElement!;
      return { scroll: box.scrollWidth, client: box.clientWidth, right: table.getBoundingClientRect().right, width: window.innerWidth };
    });
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    expect(fit.right).toBeLessThanOrEqual(fit.width);
    // Each line's total and its quantity × unit price are shown.
    await expect(items.getByTestId('item-quantity-price').first()).toBeVisible();
    await expect(items.getByTestId('item-quantity-price').first()).toHaveText(/^3 × \$[\d,]+\.\d\d$/);

    // The discount's amount is on one line: "−$…" never breaks after the sign.
    const discount = items.getByTestId('order-discount-row').getByRole('cell').last();
    await expect(discount).toHaveText(/^−\$[\d,]+\.\d\d$/);
    const lineCount = await discount.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lineCount).toBe(1);
  });
});

test('a shopper types a width range the other way round: the sizes between the two are listed and the boxes keep them', async ({ page }) => {
  await page.goto('/products');
  const filters = page.getByTestId('filters-form').first();
  await filters.getByLabel('Width from (cm)').fill('200');
  await filters.getByLabel('Width up to (cm)').fill('100');
  await filters.getByLabel('Width up to (cm)').press('Enter');
  await expect(page).toHaveURL(/width_min=200&width_max=100/);
  await expect(page.getByTestId('query-error')).toHaveCount(0);
  await expect(page.getByTestId('filter-chip')).toHaveText(['Width 100–200 cm']);
  const shown = page.getByTestId('filters-form').first();
  await expect(shown.getByLabel('Width from (cm)')).toHaveValue('100');
  await expect(shown.getByLabel('Width up to (cm)')).toHaveValue('200');
  const count = Number((await page.getByTestId('result-count').textContent())!.replace(/[^\d]/g, ''));
  expect(count).toBeGreaterThan(0);
  expect(count).toBe((await (await page.request.get('/api/products?width_min=100&width_max=200')).json()).total);
});

test('"4 stars & up" is offered only where it would list products', async ({ page, request }) => {
  // A product nobody has reviewed, found by its SKU: the rating filter would list nothing.
  const { products } = (await (await request.get('/api/products?limit=100&sort=name')).json()) as { products: { sku: string; rating_count: number }[] };
  const unrated = products.find((p) => !p.rating_count)!;
  await page.goto(`/products?q=${encodeURIComponent(unrated.sku)}`);
  await expect(page.getByTestId('result-count')).not.toHaveText('0 products');
  await expect(page.getByTestId('filters-form').first()).toBeVisible();
  await expect(page.getByTestId('rating-filter')).toHaveCount(0);
});

test('the privacy policy and the terms of sale are at the foot of every page, name the shop and are in the sitemap', async ({ page, request, baseURL }) => {
  await page.goto('/products');
  const legal = page.getByTestId('site-footer').getByRole('navigation', { name: 'Legal' });
  await legal.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Privacy Act 2020');
  await expect(page.getByRole('main')).toContainText('Totara Home');
  await expect(page.getByRole('main')).toContainText('help@totarahome.co.nz');

  await page.getByTestId('site-footer').getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms of sale' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of sale' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Consumer Guarantees Act 1993');
  await expect(page.getByRole('main')).toContainText('Fair Trading Act 1986');

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${baseURL}/privacy</loc>`);
  expect(sitemap).toContain(`<loc>${baseURL}/terms</loc>`);
});

test("the footer links to the shop's own social pages once an administrator sets them, and shows none while they are empty", async ({ page, browser }) => {
  await page.goto('/products?sort=name');
  const footer = page.getByTestId('site-footer');
  await expect(footer).toBeVisible();
  await expect(footer.getByTestId('social-links')).toHaveCount(0);
  await expect(footer.locator('a[href="https://www.facebook.com/"]')).toHaveCount(0);

  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin.request, ADMIN.identifier, ADMIN.password);
  try {
    await admin.goto('/admin/settings');
    await admin.getByLabel('FACEBOOK URL').fill('https://www.facebook.com/');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await expect(admin.getByText('Facebook page must be the address of your own page')).toBeVisible();
    await admin.getByLabel('FACEBOOK URL').fill('https://www.facebook.com/totarahome');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await expect(admin.getByTestId('settings-status')).toHaveText('Settings updated successfully!');

    await page.goto('/products?sort=price_asc');
    const social = page.getByTestId('site-footer').getByTestId('social-links');
    await expect(social.getByRole('link')).toHaveCount(1);
    await expect(social.getByRole('link', { name: 'Totara Home on Facebook (opens in a new tab)' })).toHaveAttribute('href', 'https://www.facebook.com/totarahome');
  } finally {
    await admin.goto('/admin/settings');
    await admin.getByLabel('FACEBOOK URL').fill('');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await expect(admin.getByTestId('settings-status')).toHaveText('Settings updated successfully!');
    await context.close();
  }
});
