/**
 * One price for delivery: a customer with a saved Ponsonby address and a ~$20 parcel in the cart
 * sees the same delivery price in the cart, on the product page and at checkout — the seeded
 * Auckland courier, not "Free" in one place and another fee in the next (docs/delivery.md "Estimates").
 */
import { expect, test, type Page } from '@playwright/test';
import {  } from './checkout-steps';
import { signIn } from './support/sign-in';

type Listed = { product_id: number; name: string; stock: number; price: number; shipping_class: string };

/** A live parcel product between $15 and $35 with stock, from the catalogue API. */
async function cheapParcel(page: Page): Promise<Listed> {
  for (let p = 1; p <= 20; p++) {
    const listed = (await (await page.request.get(`/api/products?limit=100&page=${p}&sort=price_asc`)).json()) as { products: Listed[] };
    const found = listed.products.find((x) => x.shipping_class === 'parcel' && x.stock >= 3 && x.price >= 15 && x.price <= 35);
    if (found) return found;
  }
  throw new Error('no parcel product around $20 with stock');
}

test('a ~$20 item: the cart, the product page and checkout show the same delivery price for the saved address', async ({ page }) => {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const customer = { email: `estimate-${id}@example.test`, user_name: `estimate_${id}`, password: 'First-pass-123' };
  expect((await page.request.post('/api/users/register', { data: customer })).ok()).toBeTruthy();
  await signIn(page.request, customer.email, customer.password);
  const saved = await page.request.post('/api/users/addresses', {
    data: { first_name: 'Aroha', last_name: 'Walker', street_address: '120 Ponsonby Road', city: 'Auckland', postal_code: '1011', country: 'New Zealand', is_default: true },
  });
  expect(saved.status()).toBe(201);

  const item = await cheapParcel(page);
  expect((await page.request.post('/api/cart/add', { data: { product_id: item.product_id, quantity: 1 } })).ok()).toBeTruthy();

  // The cart: the Auckland courier for the saved address, a fee (not "Free").
  await page.goto('/cart');
  const cartFee = page.getByTestId('cart-delivery-fee');
  await expect(cartFee).toHaveText(/^\$\d+\.\d{2}$/);
  const inCart = (await cartFee.textContent())!.trim();
  await expect(page.getByRole('complementary', { name: 'Summary' })).toContainText('Delivery · Courier');
  await expect(page.getByTestId('cart-delivery-note')).toContainText('1011, Auckland');

  // The product page says the same for this customer.
  await page.goto(`/products/${item.product_id}`);
  await expect(page.getByTestId('product-delivery-for-you')).toContainText(`Courier ${inCart}`);
  await expect(page.getByTestId('product-delivery-for-you')).toContainText('1011');

  // Checkout preselects the saved address and the same service at the same price.
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?items=/);
  await expect(page.getByRole('radio', { name: /Courier/ })).toBeChecked();
  const checkoutFee = page.getByTestId('order-delivery-fee');
  await expect(checkoutFee).toHaveText(inCart);
  await expect(checkoutFee).not.toHaveText('Free');
});
