/**
 * Steps several journeys share (spec §2 Cart, Order confirmation; reading the outbox). Not a spec
 * file: the journeys import it.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The new delivery address confirmOrder types (default: central Wellington). */
export type NewAddress = { street: string; city: string; postcode: string };
const WELLINGTON: NewAddress = { street: '12 Kauri Street', city: 'Wellington', postcode: '6011' };

/**
 * From the cart: proceed, confirm with a new address and contact, and open the checkout. Returns the order id.
 * `beforeConfirm` runs on the filled order confirmation just before Confirm Order (e.g. applying a
 * discount code, choosing a delivery service); `address` is the new delivery address.
 */
export async function confirmOrder(page: Page, beforeConfirm?: (page: Page) => Promise<void>, address: NewAddress = WELLINGTON): Promise<number> {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?items=/);
  await page.getByRole('radio', { name: 'Add a new address' }).check();
  await page.getByLabel('Street address').fill(address.street);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('Postal code').fill(address.postcode);
  await page.getByRole('radio', { name: 'Add a new contact' }).check();
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Taylor');
  await page.getByLabel('Phone number').fill('021 555 0199');
  await page.getByRole('textbox', { name: 'Message for us' }).fill('Please call before delivery.');
  // The delivery line reads "—" until the address is quoted; the total is read only after that.
  await expect(page.getByTestId('order-delivery-fee')).not.toHaveText('—');
  if (beforeConfirm) await beforeConfirm(page);
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  const confirmed = page.getByRole('status').filter({ hasText: /Order #\d+ is confirmed/ });
  await expect(confirmed).toBeVisible();
  const orderId = Number((await confirmed.textContent())!.match(/#(\d+)/)![1]);
  // The form gives way to the confirmed order's page.
  await expect(page).toHaveURL(new RegExp(`/order-confirmation\\?order=${orderId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order confirmed');
  await page.getByRole('button', { name: /Proceed to Payment/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));
  return orderId;
}

/** On /checkout/{orderId}: pays with the demo test card 4242 entered as a new card (not saved); lands on the paid confirmation. */
export async function payWithDemoCard(page: Page, orderId: number): Promise<void> {
  const form = page.getByTestId('demo-card-form');
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Pay with a new card' }).click();
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry month').fill('12');
  await form.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
  await form.getByLabel('CVV').fill('123');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation\\?paid=${orderId}$`));
}

/** The sandboxed frame an outbox message's HTML is rendered in (/admin/outbox/{id}). */
export const RENDERED_EMAIL = 'iframe[title="Rendered e-mail"]';

/** As an administrator on /admin/outbox: the table's rows of the messages to `recipient`. */
export async function outboxRowsFor(admin: Page, recipient: string): Promise<Locator> {
  await admin.goto('/admin/outbox');
  return admin.getByRole('table', { name: 'Outbox messages' }).getByRole('row').filter({ hasText: recipient });
}

/**
 * Opens an outbox message from its row (by the subject link, or the row's first link) and returns
 * the rendered e-mail (inside its sandboxed frame) and the plain-text part.
 */
export async function openOutboxMessage(admin: Page, row: Locator, subject?: string): Promise<{ email: ReturnType<Page['frameLocator']>; text: Locator }> {
  await (subject ? row.getByRole('link', { name: subject }) : row.getByRole('link').first()).click();
  await expect(admin).toHaveURL(/\/admin\/outbox\/\d+$/);
  return { email: admin.frameLocator(RENDERED_EMAIL), text: admin.getByTestId('outbox-text') };
}
