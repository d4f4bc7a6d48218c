/**
 * Afterpay and Klarna in Chromium with the demo gateway (docs/buying.md "Afterpay and Klarna"): the
 * instalment line on the product page, cart and checkout; the demo approval page approves (the
 * order is paid by the webhook event it delivers), declines (the order stays payable and a card
 * pays it) or is abandoned (back at checkout, still payable); the return page is the owner's only.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { confirmOrder, payWithDemoCard } from './checkout-steps';
import { ADMIN, CUSTOMER, signInAs } from './support/sign-in';

/** A product in stock whose price keeps the order within the pay-later limits (NZ$1–2,000 with delivery). */
async function affordableProduct(request: APIRequestContext): Promise<{ product_id: number; price: number }> {
  const res = await request.get('/api/products?limit=60');
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { products: { product_id: number; price: number; stock: number }[] };
  const product = body.products.find((p) => p.stock >= 5 && p.price >= 50 && p.price <= 1_000);
  expect(product).toBeDefined();
  return product!;
}

/** The demo customer with one affordable product in the cart, at the checkout of a new order. */
async function checkoutWithOneProduct(page: Page): Promise<number> {
  await signInAs(page.request, CUSTOMER);
  await page.request.post('/api/cart/clear');
  const product = await affordableProduct(page.request);
  await page.goto(`/products/${product.product_id}`);
  await expect(page.getByTestId('pay-later-line')).toContainText('or 4 interest-free payments of');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' }).first()).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByTestId('pay-later-line')).toContainText('with Afterpay or Klarna');
  return confirmOrder(page);
}

/** From checkout: chooses `method` in the Pay later section and lands on the demo approval page. */
async function continueWith(page: Page, orderId: number, method: 'Afterpay' | 'Klarna') {
  const section = page.getByRole('region', { name: /Pay later with/ });
  await expect(section.getByTestId('pay-later-line')).toContainText('or 4 interest-free payments of');
  await section.getByRole('radio', { name: new RegExp(method) }).check();
  await section.getByRole('button', { name: `Continue with ${method}` }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}/pay-later`));
  await expect(page.getByText('Demo — no real payment')).toBeVisible();
}

/** The page's WCAG 2.1 AA and best-practice violations, by rule id (the accessibility journeys' rule set). */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const paymentStatusOf = async (request: APIRequestContext, orderId: number) => ((await (await request.get(`/api/orders/${orderId}`)).json()) as { payment_status: string; can_pay: boolean });

test('a shopper pays with the simulated Afterpay: approving pays the order through the webhook', async ({ page }) => {
  const orderId = await checkoutWithOneProduct(page);
  expect(await violations(page), 'checkout').toEqual([]);
  await continueWith(page, orderId, 'Afterpay');
  expect(await violations(page), 'demo approval page').toEqual([]);
  await page.getByRole('button', { name: 'Approve with Afterpay' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}/return$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received');
  expect(await violations(page), 'return page').toEqual([]);
  expect((await paymentStatusOf(page.request, orderId)).payment_status).toBe('paid');
  await page.getByRole('link', { name: 'View your order' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation\\?paid=${orderId}$`));
});

test('a declined Klarna payment leaves the order unpaid, and paying again by card works', async ({ page }) => {
  const orderId = await checkoutWithOneProduct(page);
  await continueWith(page, orderId, 'Klarna');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}/return$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment not completed');
  await expect(page.getByRole('status')).toContainText('Klarna declined this payment');
  expect((await paymentStatusOf(page.request, orderId)).payment_status).toBe('unpaid');
  await page.getByRole('link', { name: 'Choose another way to pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));
  await payWithDemoCard(page, orderId);
  expect((await paymentStatusOf(page.request, orderId)).payment_status).toBe('paid');
});

test('an abandoned Afterpay payment leaves the order payable; its return page shows processing to the owner only', async ({ page, browser }) => {
  const orderId = await checkoutWithOneProduct(page);
  await continueWith(page, orderId, 'Afterpay');
  await page.getByRole('link', { name: 'Abandon and return to the shop' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));
  expect(await paymentStatusOf(page.request, orderId)).toMatchObject({ payment_status: 'unpaid', can_pay: true });

  await page.goto(`/checkout/${orderId}/return`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment processing');

  // Someone else — here the administrator — gets a 404 for it.
  const other = await browser.newContext();
  await signInAs(other.request, ADMIN);
  const res = await other.request.get(`/checkout/${orderId}/return`);
  expect(res.status()).toBe(404);
  await other.close();
});
