/**
 * Buying journeys in Chromium on the production build (spec §2 Cart, Order confirmation, Checkout,
 * Orders; §4 Order flow and Payment): the demo customer fills a cart, confirms an order with a new
 * address and contact, and pays with Stripe's test cards through the demo gateway.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { confirmOrder } from './checkout-steps';
import { CUSTOMER, signInAs } from './support/sign-in';

/** Products the catalogue says are in stock (GET /api/products, spec §7). */
async function productsInStock(request: APIRequestContext, count: number): Promise<{ product_id: number; name: string }[]> {
  const res = await request.get('/api/products?limit=60');
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { products: { product_id: number; name: string; stock: number }[] };
  const picked = body.products.filter((p) => p.stock >= 5).slice(0, count);
  expect(picked).toHaveLength(count);
  return picked;
}

async function addFromProductPage(page: Page, productId: number) {
  await page.goto(`/products/${productId}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' }).first()).toBeVisible();
}

/**
 * On /checkout: enters a demo test card as a new card and pays with it (the form's own Pay
 * button); `save` ticks "Save this card for next time".
 */
async function payWithNewDemoCard(page: Page, number: string, opts: { save?: boolean } = {}) {
  const form = page.getByTestId('demo-card-form');
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Pay with a new card' }).click();
  await expect(form.getByText('Demo payments — no real charge')).toBeVisible();
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry month').fill('12');
  await form.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
  await form.getByLabel('CVV').fill('123');
  await form.getByRole('checkbox', { name: /Save this card for next time/ }).setChecked(opts.save ?? false);
  await form.getByRole('button', { name: /^Pay \$/ }).click();
}

type SavedMethod = { payment_method_id: number; card_last4: string | null; is_default: boolean };
const savedMethods = async (request: APIRequestContext) => (await (await request.get('/api/payments/methods')).json()) as SavedMethod[];

test('a new customer sees the header cart count go up as they add to the cart', async ({ page }) => {
  const id = Date.now().toString(36);
  const email = `badge-${id}@example.test`;
  const password = 'Badge-pass-123';
  expect((await page.request.post('/api/users/register', { data: { user_name: `badge_${id}`, email, password } })).ok()).toBeTruthy();
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  expect((await page.request.post('/api/auth/callback/credentials', { form: { csrfToken, identifier: email, password, json: 'true' } })).ok()).toBeTruthy();
  const [product] = await productsInStock(page.request, 1);

  await page.goto(`/products/${product.product_id}`);
  const cart = page.getByTestId('site-header').getByTestId('cart-link');
  await expect(cart).toHaveAccessibleName('Cart, 0 items');
  await expect(cart.getByTestId('cart-count')).toHaveCount(0);
  await page.getByLabel('Quantity').first().fill('2');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(cart.getByTestId('cart-count')).toHaveText('2');
  await expect(cart).toHaveAccessibleName('Cart, 2 items');

  // The pages are cached for everyone; the count is the customer's own, on every page.
  await page.goto('/products');
  await expect(cart.getByTestId('cart-count')).toHaveText('2');
  await page.getByTestId('product-card').first().getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cart.getByTestId('cart-count')).toHaveText('3');
  await cart.click();
  await expect(page).toHaveURL(/\/cart$/);
});

test('a visitor sees Login to Add as a link to log in and back to the product', async ({ page, request }) => {
  const [product] = await productsInStock(request, 1);
  await page.goto(`/products/${product.product_id}`);
  await expect(page.getByTestId('product-detail').getByRole('link', { name: 'Login to Add' })).toHaveAttribute('href', `/login?next=%2Fproducts%2F${product.product_id}`);
});

test('a customer adds a product to the cart straight from a product card', async ({ page }) => {
  await signInAs(page.request, CUSTOMER);
  await page.request.post('/api/cart/clear');
  await page.goto('/products?sort=price_desc');
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('button', { name: 'Add to Cart' }) }).first();
  const name = (await card.getByRole('heading').innerText()).trim();
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  // The card has two polite status lines: the cart's notice and the heart's (empty unless saving fails).
  await expect(card.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
  await expect(card.getByText('Added to your cart.')).toHaveCount(0, { timeout: 3000 }); // the notice clears after 1 s
  await page.goto('/cart');
  await expect(page.getByText(name).first()).toBeVisible();
});

test('landing pages load no toast code, and the cart still confirms a removal with a toast', async ({ page }) => {
  // sonner (components/ui/toaster.tsx) is left out of the cached shopper pages, which raise no toast.
  const toaster = page.getByRole('region', { name: /^Notifications/ });
  const [product] = await productsInStock(page.request, 1);
  for (const path of ['/', '/products', `/products/${product.product_id}`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(toaster).toHaveCount(0);
  }

  await signInAs(page.request, CUSTOMER);
  await page.request.post('/api/cart/clear');
  await addFromProductPage(page, product.product_id);
  // A client-side navigation from a cached page to the cart brings the outlet in.
  await page.getByTestId('site-header').getByTestId('cart-link').click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(toaster).toHaveCount(1);
  await page.getByRole('button', { name: `Remove ${product.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${product.name} was removed from your cart.`)).toBeVisible();
});

test('the customer buys two products and pays with the demo card 4242', async ({ page }) => {
  await signInAs(page.request, CUSTOMER);
  await page.request.post('/api/cart/clear');
  const products = await productsInStock(page.request, 2);
  for (const p of products) await addFromProductPage(page, p.product_id);

  await page.goto('/cart');
  await expect(page.getByTestId('cart-item')).toHaveCount(2);
  for (const p of products) await expect(page.getByRole('checkbox', { name: `Select ${p.name}` })).toBeChecked();

  const orderId = await confirmOrder(page);
  await payWithNewDemoCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(new RegExp(`/order-confirmation\\?paid=${orderId}$`));
  // The toast raised before the navigation is still shown on the next page.
  await expect(page.getByText('Payment successful!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you — your payment was received.' })).toBeVisible();

  await page.goto('/order');
  const row = page.getByTestId('order-row').filter({ hasText: `#${orderId}` });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByText('Processing', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { payment_status: string; orderItems: unknown[] };
  expect(order.payment_status).toBe('paid');
  expect(order.orderItems).toHaveLength(2);
});

test('the declined card 4000 0000 0000 0002 shows its message and leaves the order payable', async ({ page }) => {
  await signInAs(page.request, CUSTOMER);
  await page.request.post('/api/cart/clear');
  const [product] = await productsInStock(page.request, 1);
  await addFromProductPage(page, product.product_id);
  const orderId = await confirmOrder(page);

  await payWithNewDemoCard(page, '4000 0000 0000 0002');
  await expect(page.getByTestId('payment-error')).toContainText('Your card was declined.');
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));

  await page.goto('/order');
  const row = page.getByTestId('order-row').filter({ hasText: `#${orderId}` });
  await expect(row.getByText('Unpaid', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', `/checkout/${orderId}`);
});

test('a card that asks for 3-D Secure pays after the customer completes authentication', async ({ page }) => {
  await signInAs(page.request, CUSTOMER);
  await page.request.post('/api/cart/clear');
  const [product] = await productsInStock(page.request, 1);
  await addFromProductPage(page, product.product_id);
  const orderId = await confirmOrder(page);

  await payWithNewDemoCard(page, '4000 0025 0000 3155');
  const dialog = page.getByRole('dialog', { name: '3-D Secure check' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation\\?paid=${orderId}$`));
});

test('a card is saved only when it pays and the customer asked; the customer chooses the default card', async ({ page }) => {
  const id = Date.now().toString(36);
  const email = `cards-${id}@example.test`;
  const password = 'Cards-pass-123';
  expect((await page.request.post('/api/users/register', { data: { user_name: `cards_${id}`, email, password } })).ok()).toBeTruthy();
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  expect((await page.request.post('/api/auth/callback/credentials', { form: { csrfToken, identifier: email, password, json: 'true' } })).ok()).toBeTruthy();
  const [product] = await productsInStock(page.request, 1);

  // A declined card, with "Save this card" ticked: the payment fails and nothing is kept.
  await addFromProductPage(page, product.product_id);
  const first = await confirmOrder(page);
  // Nothing is saved unless the customer ticks the box.
  await expect(page.getByTestId('demo-card-form').getByRole('checkbox', { name: /Save this card for next time/ })).not.toBeChecked();
  await payWithNewDemoCard(page, '4000 0000 0000 0002', { save: true });
  await expect(page.getByTestId('payment-error')).toContainText('Your card was declined.');
  expect(await savedMethods(page.request)).toEqual([]);

  // The same order paid with 4242, saved: it is the customer's first card, so the default.
  await payWithNewDemoCard(page, '4242 4242 4242 4242', { save: true });
  await expect(page).toHaveURL(new RegExp(`/order-confirmation\\?paid=${first}$`));
  expect(await savedMethods(page.request)).toMatchObject([{ card_last4: '4242', is_default: true }]);

  // Next time the saved card is preselected; a new card paid with is saved when asked, not made the default.
  await addFromProductPage(page, product.product_id);
  const second = await confirmOrder(page);
  await expect(page.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
  await payWithNewDemoCard(page, '5555 5555 5555 4444', { save: true });
  await expect(page).toHaveURL(new RegExp(`/order-confirmation\\?paid=${second}$`));
  expect((await savedMethods(page.request)).map((m) => [m.card_last4, m.is_default])).toEqual([
    ['4242', true],
    ['4444', false],
  ]);

  // The profile makes the Mastercard the default; checkout then preselects it.
  await page.goto('/profile');
  const mastercard = page.getByTestId('payment-method').filter({ hasText: 'Mastercard •••• 4444' });
  await mastercard.getByRole('button', { name: 'Set Mastercard •••• 4444 as default' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mastercard •••• 4444 is now your default.' })).toBeVisible();
  await expect(mastercard.getByText('Default', { exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-method').filter({ hasText: 'Visa •••• 4242' }).getByText('Default', { exact: true })).toHaveCount(0);
  await addFromProductPage(page, product.product_id);
  await confirmOrder(page);
  await expect(page.getByRole('radio', { name: /Mastercard •••• 4444/ })).toBeChecked();
});
