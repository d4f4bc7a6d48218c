/**
 * Shopper pages fit a 390 px phone: none scrolls sideways, with the catalogue's
 * longest product name in the cart, the order and the checkout; nor does the back office's delivery
 * schedule with a long-named piece booked on it. The signed-in pass also checks that
 * demo payments never fetch Stripe.js (item 8) and that checkout preselects the default card.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, CUSTOMER, signIn, signInAs } from './support/sign-in';

const WIDTH = 390;

test.use({ viewport: { width: WIDTH, height: 844 } });

type ApiProduct = { product_id: number; name: string | null; stock: number; shipping_class?: string };

/** The in-stock product with the longest name among the first few hundred (GET /api/products), of a shipping class if given. */
async function longestNamedProduct(request: APIRequestContext, shippingClass?: string): Promise<ApiProduct> {
  const found: ApiProduct[] = [];
  for (let page = 1; page <= 5; page++) {
    const body = (await (await request.get(`/api/products?limit=100&page=${page}`)).json()) as { products: ApiProduct[] };
    found.push(...body.products.filter((p) => p.stock >= 2 && p.name && (!shippingClass || p.shipping_class === shippingClass)));
  }
  return found.sort((a, b) => (b.name ?? '').length - (a.name ?? '').length)[0];
}

/** Page width as the browser lays it out; more than the viewport means a sideways scroll. */
async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${path} is ${scrollWidth} px wide at ${WIDTH} px`).toBeLessThanOrEqual(WIDTH);
}

test('a shopper on a phone never scrolls sideways on the storefront', async ({ page, request }) => {
  const product = await longestNamedProduct(request);
  for (const path of [
    '/',
    '/products',
    `/products/${product.product_id}`,
    '/products?q=sofa',
    '/featured-products',
    '/latest-products',
    '/promotional-products',
    '/shipping',
    '/faq',
    '/about',
    '/contact',
    '/returns',
    '/login',
    '/signup',
  ]) {
    await expectNoSidewaysScroll(page, path);
  }
});

test('a signed-in customer on a phone never scrolls sideways from cart to checkout, and demo payments load no Stripe.js', async ({ page }) => {
  const stripeRequests: string[] = [];
  page.on('request', (r) => {
    if (/stripe\.com/.test(r.url())) stripeRequests.push(r.url());
  });
  await signInAs(page.request, CUSTOMER);
  const product = await longestNamedProduct(page.request);
  await page.request.post('/api/cart/clear');
  expect((await page.request.post('/api/cart/add', { data: { product_id: product.product_id, quantity: 1 } })).ok()).toBeTruthy();

  await expectNoSidewaysScroll(page, '/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?items=/);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

  // Two saved cards, the later one not the default: checkout must preselect the default.
  for (const pm of ['pm_card_visa', 'pm_card_mastercard']) {
    expect((await page.request.post('/api/payments/methods/add', { data: { payment_type: 'credit_card', stripe_payment_method_id: pm } })).ok()).toBeTruthy();
  }
  // A long PayPal address once stretched every saved-method row past the card.
  const paypal = { payment_type: 'paypal', paypal_email: 'a.very.long.paypal.address.for.testing@example-household.co.nz' };
  expect((await page.request.post('/api/payments/methods/add', { data: paypal })).ok()).toBeTruthy();
  const methods = (await (await page.request.get('/api/payments/methods')).json()) as { payment_type: string; card_last4: string | null; is_default: boolean }[];
  const defaultCard = methods.find((m) => m.payment_type === 'credit_card' && m.is_default);
  expect(defaultCard).toBeDefined();

  const cart = (await (await page.request.get('/api/cart')).json()) as { CartItems: { cart_item_id: number }[] };
  const created = await page.request.post('/api/orders', {
    data: {
      cartItems: cart.CartItems.map((i) => ({ cart_item_id: i.cart_item_id })),
      newAddress: { street_address: '12 Kauri Street', city: 'Wellington', postal_code: '6011', country: 'New Zealand' },
      newContact: { first_name: 'Sam', last_name: 'Taylor', phone_number: '021 555 0199', email: CUSTOMER.identifier },
    },
  });
  expect(created.status()).toBe(201);
  const { order } = (await created.json()) as { order: { order_id: number } };

  await expectNoSidewaysScroll(page, `/checkout/${order.order_id}`);
  await expect(page.getByRole('radio', { name: new RegExp(`•••• ${defaultCard!.card_last4}`) })).toBeChecked();
  await expectNoSidewaysScroll(page, `/order-confirmation?paid=${order.order_id}`);
  await expectNoSidewaysScroll(page, '/orders');
  await expectNoSidewaysScroll(page, '/profile');
  await expect(page.getByTestId('payment-method').first()).toBeVisible();
  const list = await page.getByRole('list', { name: 'Saved payment methods' }).boundingBox();
  for (const row of await page.getByTestId('payment-method').all()) {
    const box = (await row.boundingBox())!;
    expect(box.x + box.width, 'a saved payment method sticks out of its list').toBeLessThanOrEqual(list!.x + list!.width + 0.5);
  }

  expect(stripeRequests).toEqual([]);
});

test('an administrator on a phone reads the delivery schedule without scrolling sideways', async ({ page, browser, baseURL }) => {
  // A new customer books the longest-named bulky piece for two-person delivery to a rural address
  // (no service chosen: the cheapest that delivers, on the first window with room), and pays.
  const shopper = await browser.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const customer = { email: `schedule-${id}@example.test`, user_name: `schedule_${id}`, password: 'First-pass-123' };
  expect((await shopper.request.post('/api/users/register', { data: customer })).ok()).toBeTruthy();
  await signIn(shopper.request, customer.email, customer.password);
  const sofa = await longestNamedProduct(shopper.request, 'bulky');
  expect((await shopper.request.post('/api/cart/add', { data: { product_id: sofa.product_id, quantity: 1 } })).ok()).toBeTruthy();
  const cart = (await (await shopper.request.get('/api/cart')).json()) as { CartItems: { cart_item_id: number }[] };
  const created = await shopper.request.post('/api/orders', {
    data: {
      cartItems: cart.CartItems.map((i) => ({ cart_item_id: i.cart_item_id })),
      newAddress: { street_address: '1480 Kumara Junction Highway, Kumara Junction', city: 'Kumara', postal_code: '7881', country: 'New Zealand' },
      newContact: { first_name: 'Wiremu', last_name: 'Tamihana-Featherstone', phone_number: '021 555 0199', email: customer.email },
    },
  });
  expect(created.status()).toBe(201);
  const { order } = (await created.json()) as { order: { order_id: number; delivery: { kind: string; date: string } } };
  expect(order.delivery.kind).toBe('two_person');
  // Paid with the demo card: the run sheet lists paid orders only.
  const card = await shopper.request.post('/api/payments/methods/add', { data: { payment_type: 'credit_card', stripe_payment_method_id: 'pm_card_visa' } });
  expect(card.status()).toBe(201);
  const paid = await shopper.request.post('/api/payments/submit', { data: { orderId: order.order_id, paymentMethodId: (await card.json()).paymentMethod.payment_method_id } });
  expect(paid.ok()).toBeTruthy();
  await shopper.close();

  await signInAs(page.request, ADMIN);
  await expectNoSidewaysScroll(page, `/admin/delivery/schedule?from=${order.delivery.date}&to=${order.delivery.date}`);
  const booked = page.getByTestId(`schedule-order-${order.order_id}`);
  await expect(booked).toContainText(sofa.name!);
  await expect(booked).toContainText('Tamihana-Featherstone');
  await expect(page.getByRole('table', { name: /^Orders to Rural on / }).first()).toBeVisible();
});
