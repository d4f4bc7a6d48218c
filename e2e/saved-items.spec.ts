/**
 * Saved items (docs/saved-items.md): a visitor taps the heart, logs in and finds the item saved;
 * /saved shows it with its prices and stock; "Move to cart" moves it; the screens are axe-clean at
 * 390 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './support/sign-in';

const PASSWORD = 'Saved-items-2026';

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} — ${n.target.join(' ')}`));
}

test('a visitor taps the heart, logs in, and the item is saved; /saved moves it to the cart', async ({ page, request }) => {
  const id = Date.now().toString(36);
  const user = { user_name: `saver_${id}`, email: `saver_${id}@example.test`, password: PASSWORD };
  expect((await request.post('/api/users/register', { data: user })).status()).toBe(201);
  const { products } = await (await request.get('/api/products?limit=40')).json();
  const product = products.find((p: { stock: number }) => p.stock >= 3) as { product_id: number; name: string };

  await page.goto(`/products/${product.product_id}`);
  const heart = page.getByTestId('product-detail').getByRole('button', { name: `Save ${product.name} for later` });
  await expect(heart).toBeEnabled();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();

  await expect(page).toHaveURL(/\/login\?reason=save/);
  await expect(page.getByText('Log in to save this item')).toBeVisible();
  await page.getByLabel('Email or Username').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(new RegExp(`/products/${product.product_id}$`));
  await expect(page.getByTestId('product-detail').getByRole('button', { name: `Remove ${product.name} from saved items` })).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('saved-link').click();
  await expect(page).toHaveURL(/\/saved$/);
  const row = page.getByTestId('saved-item').filter({ hasText: product.name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('saved-stock')).toHaveText('In stock');
  await expect(row.getByTestId('saved-price-when-saved')).toHaveText('same as when you saved it');

  await row.getByRole('button', { name: 'Move to cart' }).click();
  await expect(page.getByTestId('saved-notice')).toContainText(`${product.name} is in your cart.`);
  await expect(page.getByTestId('saved-item')).toHaveCount(0);
  await expect(page.getByText('Nothing saved yet.')).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByText(product.name).first()).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`the hearts, the saved items and the unsubscribe page have no accessibility violations at ${width} px`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
    const page = await context.newPage();
    const id = `${Date.now().toString(36)}${width}`;
    const user = { user_name: `axe_${id}`, email: `axe_${id}@example.test`, password: PASSWORD };
    expect((await page.request.post('/api/users/register', { data: user })).status()).toBe(201);

    await page.goto('/products');
    await expect(page.getByTestId('save-button').first()).toBeEnabled();
    expect(await axeViolations(page), 'listing with hearts, visitor').toEqual([]);

    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).not.toHaveURL(/\/login/);

    const { products } = await (await page.request.get('/api/products?limit=20')).json();
    const [first, second] = products as { product_id: number }[];
    for (const p of [first, second]) expect((await page.request.post('/api/saved-items', { data: { product_id: p.product_id } })).status()).toBe(200);

    await page.goto(`/products/${first.product_id}`);
    await expect(page.getByTestId('product-detail').getByTestId('save-button')).toHaveAttribute('aria-pressed', 'true');
    expect(await axeViolations(page), 'product page, saved').toEqual([]);

    await page.goto('/saved');
    await expect(page.getByTestId('saved-item')).toHaveCount(2);
    expect(await axeViolations(page), '/saved').toEqual([]);

    await page.goto('/profile#email-preferences');
    // Saved when ticked: the box shows the state the server answered.
    const consent = page.getByLabel(/Email me ideas, offers and reminders/);
    await consent.click();
    await expect(page.getByText('Thanks — we will e-mail you ideas')).toBeVisible();
    await expect(consent).toBeChecked();
    expect(await axeViolations(page), 'profile, email preferences').toEqual([]);

    await page.goto('/unsubscribe?token=altered.token');
    await expect(page.getByTestId('unsubscribe-invalid')).toBeVisible();
    expect(await axeViolations(page), '/unsubscribe, altered link').toEqual([]);
    await context.close();
  });
}

test('a saved item that sold out offers “Email me when it’s back” on /saved, in one click', async ({ page, browser }) => {
  const id = Date.now().toString(36);
  const user = { user_name: `soldout_${id}`, email: `soldout_${id}@example.test`, password: PASSWORD };
  expect((await page.request.post('/api/users/register', { data: user })).status()).toBe(201);
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // The administrator adds a sold-out product; the customer saves it and one in stock.
  const adminContext = await browser.newContext();
  await signIn(adminContext.request, ADMIN.identifier, ADMIN.password);
  const tree = (await (await adminContext.request.get('/api/categories')).json()) as { subcategories: { category_id: number }[] }[];
  const created = await adminContext.request.post('/api/products', { data: { name: `Sold-out Rimu Stool ${id}`, sku: `SOLD-${id}`.toUpperCase(), price: 289, stock: 0, category_id: tree[0].subcategories[0].category_id } });
  expect(created.status(), await created.text()).toBe(201);
  const soldOut = { product_id: ((await created.json()) as { product_id: number }).product_id, name: `Sold-out Rimu Stool ${id}` };
  const { products } = await (await page.request.get('/api/products?limit=40')).json();
  const inStock = (products as { product_id: number; name: string; stock: number }[]).find((p) => p.stock > 0)!;
  for (const p of [soldOut, inStock]) expect((await page.request.post('/api/saved-items', { data: { product_id: p.product_id } })).status()).toBe(200);

  await page.goto('/saved');
  const soldOutRow = page.getByTestId('saved-item').filter({ hasText: soldOut.name });
  await expect(soldOutRow.getByTestId('saved-stock')).toHaveText('Out of stock');
  await expect(page.getByTestId('saved-item').filter({ hasText: inStock.name }).getByTestId('saved-stock-alert')).toHaveCount(0);
  await soldOutRow.getByRole('button', { name: 'Email me when it’s back' }).click();
  await expect(soldOutRow.getByText(`We will e-mail ${user.email} once when it is back in stock.`)).toBeVisible();
  await expect(soldOutRow.getByRole('button', { name: 'Email me when it’s back' })).toHaveCount(0);
  await adminContext.request.delete(`/api/products/${soldOut.product_id}`);
  await adminContext.close();
});
