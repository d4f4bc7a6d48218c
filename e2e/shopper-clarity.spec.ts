/**
 * What a shopper is told along the way (docs/buying.md): a visitor's Login to Add leads to the
 * login page and back to the product; adding more than is in stock says so and adds nothing;
 * postcodes are checked as typed and an address outside every delivery zone is named; Confirm
 * Order shows the confirmed order; PayPal and card payers end on the same thank-you page; a click
 * & collect order says where it is collected; saved addresses and contacts can be edited.
 */
import { expect, test, type Page } from '@playwright/test';
import { payWithDemoCard } from './checkout-steps';
import { signIn } from './support/sign-in';

type Listed = { product_id: number; name: string; stock: number; price: number; shipping_class: string };

const POSTCODE_FORMAT = 'Please enter a four-digit New Zealand postcode, e.g. 6011.';

/** Registers a fresh customer and signs the page's context in as them. */
async function newCustomer(page: Page): Promise<{ email: string; password: string }> {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const customer = { email: `clarity-${id}@example.test`, user_name: `clarity_${id}`, password: 'First-pass-123' };
  expect((await page.request.post('/api/users/register', { data: customer })).ok()).toBeTruthy();
  await signIn(page.request, customer.email, customer.password);
  return customer;
}

/** A live product with stock (of a shipping class when given), from the catalogue API. */
async function productWithStock(page: Page, shippingClass?: string, maxPrice = Infinity): Promise<Listed> {
  for (let p = 1; p <= 10; p++) {
    const listed = (await (await page.request.get(`/api/products?limit=100&page=${p}`)).json()) as { products: Listed[] };
    const found = listed.products.find((x) => (!shippingClass || x.shipping_class === shippingClass) && x.stock >= 3 && x.stock < 500 && x.price <= maxPrice);
    if (found) return found;
  }
  throw new Error('no product with stock');
}

async function addToCart(page: Page, productId: number) {
  expect((await page.request.post('/api/cart/add', { data: { product_id: productId, quantity: 1 } })).ok()).toBeTruthy();
}

/** From the cart to the order page, with a new contact filled in. */
async function startOrder(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?items=/);
  await page.getByRole('radio', { name: 'Add a new address' }).check();
  await page.getByLabel('Street address').fill('12 Kauri Street');
  await page.getByLabel('City').fill('Wellington');
  await page.getByRole('radio', { name: 'Add a new contact' }).check();
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Taylor');
  await page.getByLabel('Phone number').fill('021 555 0199');
}

/** Confirm Order → the confirmed order's own page; returns its id. */
async function confirm(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order confirmed');
  await expect(page.getByRole('heading', { name: 'Confirm your order' })).toHaveCount(0);
  // The ordered line left the cart, and the header's count says so.
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  return Number(new URL(page.url()).searchParams.get('order'));
}

test("a visitor's Login to Add is a link to log in that comes back to the product", async ({ page }) => {
  const product = await productWithStock(page);
  await page.goto(`/products/${product.product_id}`);
  const login = page.getByTestId('product-detail').getByRole('link', { name: 'Login to Add' });
  await expect(login).toBeVisible();
  await expect(page.getByTestId('product-detail').getByRole('button', { name: 'Login to Add' })).toHaveCount(0);
  await login.click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fproducts%2F${product.product_id}$`));
  await page.getByLabel('Email or Username').fill('customer@totarahome.test');
  await page.getByLabel('Password', { exact: true }).fill('Customer123!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.product_id}$`));
  await expect(page.getByTestId('product-detail').getByRole('button', { name: 'Add to Cart' })).toBeVisible();
});

test('the login page ignores a return address on another site', async ({ page }) => {
  await page.goto('/login?next=https%3A%2F%2Fevil.example%2Fsteal');
  await page.getByLabel('Email or Username').fill('customer@totarahome.test');
  await page.getByLabel('Password', { exact: true }).fill('Customer123!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('adding more than is in stock says how many are left and puts nothing in the cart', async ({ page }) => {
  await newCustomer(page);
  const product = await productWithStock(page);
  await page.goto(`/products/${product.product_id}`);
  const detail = page.getByTestId('product-detail');
  const quantity = detail.getByLabel('Quantity');
  await quantity.fill(String(product.stock + 3));
  // The field keeps what the shopper typed.
  await expect(quantity).toHaveValue(String(product.stock + 3));
  await detail.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'you asked for' })).toHaveText(`Only ${product.stock} left of ${product.name} — you asked for ${product.stock + 3}. Nothing was added to your cart.`);
  const cart = (await (await page.request.get('/api/cart')).json()) as { CartItems: unknown[] };
  expect(cart.CartItems).toEqual([]);
});

test('the order page checks the postcode, names an address outside every zone, then shows the confirmed order; PayPal ends on the thank-you page', async ({ page }) => {
  await newCustomer(page);
  const product = await productWithStock(page, 'parcel', 200);
  await addToCart(page, product.product_id);
  await startOrder(page);

  const postcode = page.getByLabel('Postal code');
  const delivery = page.locator('section[aria-labelledby="delivery-heading"]');
  for (const typed of ['abcd', '99999', '101']) {
    await postcode.fill(typed);
    await postcode.blur();
    await expect(page.getByText(POSTCODE_FORMAT)).toBeVisible();
    await expect(delivery).toContainText('Enter a four-digit New Zealand postcode to see the delivery options');
  }
  await postcode.fill('0050');
  await expect(page.getByText(POSTCODE_FORMAT)).toHaveCount(0);
  await expect(delivery.getByRole('alert')).toContainText("We don't deliver to postcode 0050");
  await postcode.fill('6011');
  await expect(delivery.getByRole('radio').first()).toBeVisible();

  const orderId = await confirm(page);
  await expect(page.getByRole('status').filter({ hasText: `Order #${orderId} is confirmed` })).toBeVisible();
  await page.getByRole('button', { name: /Proceed to Payment/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));
  await expect(page.getByTestId('fulfilment-place')).toContainText('Delivering to');
  await expect(page.getByTestId('fulfilment-place')).toContainText('12 Kauri Street');

  // PayPal (the demo approval without PayPal keys) ends where a card payment does.
  await page.getByRole('button', { name: 'Pay with PayPal (demo)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation\\?paid=${orderId}$`));
  await expect(page.getByRole('heading', { name: 'Thank you — your payment was received.' })).toBeVisible();
});

test("a click & collect order's payment and thank-you pages say where to collect it", async ({ page }) => {
  await newCustomer(page);
  const product = await productWithStock(page, 'parcel', 200);
  await addToCart(page, product.product_id);
  await startOrder(page);
  await page.getByLabel('Street address').fill('10 Queen Street');
  await page.getByLabel('City').fill('Auckland');
  await page.getByLabel('Postal code').fill('1010');
  await page.getByRole('radio', { name: /^Click & collect/ }).check();
  const orderId = await confirm(page);
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { delivery: { kind: string; pickup: { name: string; address: string } } };
  expect(order.delivery.kind).toBe('click_collect');

  await page.getByRole('button', { name: /Proceed to Payment/ }).click();
  const place = page.getByTestId('fulfilment-place');
  await expect(place).toContainText('Collecting from');
  await expect(place).toContainText(order.delivery.pickup.name);
  await expect(place).not.toContainText('Delivering to');
  await expect(place).not.toContainText('10 Queen Street');

  await payWithDemoCard(page, orderId);
  await expect(page.getByTestId('fulfilment-place')).toContainText(`Collecting from${order.delivery.pickup.name}`);
  await expect(page.getByText('We will let you know when it is ready to collect.', { exact: false })).toBeVisible();
});

test('saved addresses and contacts can be edited; an address needs a four-digit postcode and says when it is outside every delivery zone', async ({ page }) => {
  await newCustomer(page);
  await page.goto('/profile');

  await page.getByRole('button', { name: 'Add address' }).click();
  const add = page.getByRole('form', { name: 'New delivery address' });
  await add.getByLabel('First name').fill('Hemi');
  await add.getByLabel('Last name').fill('Kauri');
  await add.getByLabel('Street address').fill('12 Tory Street');
  await add.getByLabel('City').fill('Wellington');
  await add.getByRole('button', { name: 'Add address' }).click();
  await expect(add.getByText('Postal code is required.')).toBeVisible();
  await add.getByLabel('Postal code').fill('abcd');
  await add.getByRole('button', { name: 'Add address' }).click();
  await expect(add.getByText(POSTCODE_FORMAT)).toBeVisible();
  await add.getByLabel('Postal code').fill('0050');
  await add.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('New delivery address added successfully!')).toBeVisible();
  await expect(page.getByTestId('delivery-note')).toContainText("We don't deliver to postcode 0050");

  // Edit: the card becomes the filled-in form; the change is saved and survives a reload.
  await page.getByRole('button', { name: 'Edit delivery address 12 Tory Street' }).click();
  const edit = page.getByRole('form', { name: 'Edit delivery address' });
  await expect(edit.getByLabel('Street address')).toHaveValue('12 Tory Street');
  await edit.getByLabel('Postal code').fill('101');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(edit.getByText(POSTCODE_FORMAT)).toBeVisible();
  await edit.getByLabel('Street address').fill('14 Tory Street');
  await edit.getByLabel('Postal code').fill('6011');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Delivery address updated successfully!')).toBeVisible();
  await expect(page.getByTestId('delivery-note')).toHaveCount(0);
  await expect(page.getByTestId('address-card')).toContainText('14 Tory Street');

  await page.getByRole('button', { name: 'Add contact' }).click();
  const contact = page.getByRole('form', { name: 'New contact' });
  await contact.getByLabel('First name').fill('Anahera');
  await contact.getByLabel('Last name').fill('Kauri');
  await contact.getByLabel('Phone number').fill('027 555 0456');
  await contact.getByLabel('Email').fill('anahera@example.test');
  await contact.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByText('New contact added successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Edit contact Anahera Kauri' }).click();
  const editContact = page.getByRole('form', { name: 'Edit contact' });
  await editContact.getByLabel('Phone number').fill('021 555 0777');
  await editContact.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByText('Contact updated successfully!')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('address-card')).toContainText('14 Tory Street');
  await expect(page.getByTestId('address-card')).toContainText('6011');
  await expect(page.getByTestId('contact-card')).toContainText('021 555 0777');
});
