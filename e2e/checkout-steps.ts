/**
 * Steps several buying journeys share (spec §2 Cart, Order confirmation). Not a spec file: the
 * journeys import it.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * From the cart: proceed, confirm with a new address and contact, and open the checkout. Returns the order id.
 * `beforeConfirm` runs on the filled order confirmation just before Confirm Order (e.g. applying a discount code).
 */
export async function confirmOrder(page: Page, beforeConfirm?: (page: Page) => Promise<void>): Promise<number> {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?items=/);
  await page.getByRole('radio', { name: 'Add a new address' }).check();
  await page.getByLabel('Street address').fill('12 Kauri Street');
  await page.getByLabel('City').fill('Wellington');
  await page.getByLabel('Postal code').fill('6011');
  await page.getByRole('radio', { name: 'Add a new contact' }).check();
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Taylor');
  await page.getByLabel('Phone number').fill('021 555 0199');
  await page.getByRole('textbox', { name: 'Message for us' }).fill('Please call before delivery.');
  if (beforeConfirm) await beforeConfirm(page);
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  const confirmed = page.getByRole('status').filter({ hasText: /Order #\d+ is confirmed/ });
  await expect(confirmed).toBeVisible();
  const orderId = Number((await confirmed.textContent())!.match(/#(\d+)/)![1]);
  await expect(page.getByLabel('Street address')).toBeDisabled();
  await page.getByRole('button', { name: /Proceed to Payment/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));
  return orderId;
}

/** Signs a browser context in through next-auth's credentials endpoint (its cookies then go with every page and request). */
export async function signIn(request: APIRequestContext, identifier: string, password: string): Promise<void> {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const res = await request.post('/api/auth/callback/credentials', { form: { csrfToken, identifier, password, json: 'true' } });
  expect(res.ok()).toBeTruthy();
}

/** On /checkout/{orderId}: adds the demo test card 4242 (when no card is saved) and pays; lands on the paid confirmation. */
export async function payWithDemoCard(page: Page, orderId: number): Promise<void> {
  const form = page.getByTestId('demo-card-form');
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Add a card' }).click();
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry month').fill('12');
  await form.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
  await form.getByLabel('CVV').fill('123');
  await form.getByRole('button', { name: 'Add card' }).click();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation\\?paid=${orderId}$`));
}
