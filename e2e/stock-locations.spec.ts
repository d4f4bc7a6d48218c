/**
 * Stock locations on the storefront (docs/stock.md "Allocation", "On the product page"): the demo
 * shop's Newmarket showroom holds 2 units of a few bulky pieces (db/seed-data.ts seedShowroom).
 * A piece only in the warehouse is not offered click & collect at the showroom; one the showroom
 * holds says "Collect today at Newmarket showroom: 2 left" on its page, is offered collection
 * there, and the page counts one less once it is ordered.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';

type Listed = { product_id: number; name: string; stock: number; price: number; shipping_class: string };

const SHOWROOM = 'Newmarket showroom';

async function newCustomer(page: Page) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const customer = { email: `stock-${id}@example.test`, user_name: `stock_${id}`, password: 'First-pass-123' };
  expect((await page.request.post('/api/users/register', { data: customer })).ok()).toBeTruthy();
  await signIn(page.request, customer.email, customer.password);
}

/** Bulky pieces with stock, from the catalogue API in the given price order. */
async function bulky(page: Page, sort: 'price_asc' | 'price_desc'): Promise<Listed[]> {
  const listed = (await (await page.request.get(`/api/products?limit=100&sort=${sort}`)).json()) as { products: Listed[] };
  return listed.products.filter((p) => p.shipping_class === 'bulky' && p.stock >= 3);
}

/** The availability lines of a product page. */
async function availabilityOf(page: Page, productId: number) {
  await page.goto(`/products/${productId}`);
  await expect(page.getByTestId('stock-state')).toBeVisible();
  return page.getByTestId('stock-availability');
}

/** From a cart of one piece: the order confirmation with a new central Auckland address, its delivery options quoted. */
async function checkoutToAuckland(page: Page, productId: number) {
  expect((await page.request.post('/api/cart/clear')).ok()).toBeTruthy();
  expect((await page.request.post('/api/cart/add', { data: { product_id: productId, quantity: 1 } })).ok()).toBeTruthy();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?items=/);
  await page.getByRole('radio', { name: 'Add a new address' }).check();
  await page.getByLabel('Street address').fill('10 Queen Street');
  await page.getByLabel('City').fill('Auckland');
  await page.getByLabel('Postal code').fill('1010');
  await page.getByRole('radio', { name: 'Add a new contact' }).check();
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Taylor');
  await page.getByLabel('Phone number').fill('021 555 0199');
  await expect(page.getByTestId('order-delivery-fee')).not.toHaveText('—');
  return page.getByRole('radiogroup', { name: 'Delivery to Auckland' });
}

test('click & collect at a showroom without the piece is not offered; with it, it is, and the page says how many are left there', async ({ page }) => {
  await newCustomer(page);

  // A piece only in the warehouse: delivered from it, collected only there.
  const warehouseOnly = (await bulky(page, 'price_desc'))[0];
  const words = await availabilityOf(page, warehouseOnly.product_id);
  await expect(words).toContainText('In stock — delivery from Epsom warehouse');
  await expect(words).not.toContainText(SHOWROOM);
  let options = await checkoutToAuckland(page, warehouseOnly.product_id);
  await expect(options.getByRole('radio', { name: /^Click & collect.*Epsom warehouse/ })).toBeVisible();
  await expect(options.getByRole('radio', { name: new RegExp(SHOWROOM) })).toHaveCount(0);

  // A piece the showroom holds (the cheapest bulky pieces): "Collect today at Newmarket showroom: 2 left".
  let held: Listed | undefined;
  for (const candidate of (await bulky(page, 'price_asc')).slice(0, 6)) {
    const lines = await availabilityOf(page, candidate.product_id);
    if ((await lines.count()) > 0 && (await lines.textContent())!.includes(SHOWROOM)) {
      held = candidate;
      break;
    }
  }
  expect(held, 'a piece held by the showroom').toBeDefined();
  await expect(page.getByTestId('stock-availability')).toContainText(`Collect today at ${SHOWROOM}: 2 left`);

  options = await checkoutToAuckland(page, held!.product_id);
  const collect = options.getByRole('radio', { name: new RegExp(`^Click & collect.*${SHOWROOM}`) });
  await expect(collect).toBeVisible();
  await collect.check();
  await expect(page.getByTestId('order-delivery-fee')).toHaveText('Free');
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  const confirmed = page.getByRole('status').filter({ hasText: /Order #\d+ is confirmed/ });
  await expect(confirmed).toBeVisible();
  const orderId = Number((await confirmed.textContent())!.match(/#(\d+)/)![1]);
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { delivery: { kind: string; pickup: { name: string } } };
  expect(order.delivery).toMatchObject({ kind: 'click_collect', pickup: { name: SHOWROOM } });

  // The unit is held at the showroom: its page counts one less there at once.
  await expect(await availabilityOf(page, held!.product_id)).toContainText(`Collect today at ${SHOWROOM}: 1 left`);
});
