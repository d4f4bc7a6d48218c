/**
 * An administrator creates a discount code in the back office; a customer
 * applies it at order confirmation, sees the discount, the new total and its GST, and the placed
 * order shows the discount on Your Orders and in Order Management; the code's list counts the use,
 * and switched off, the code is refused.
 */
import { expect, test, type Page } from '@playwright/test';
import { confirmOrder } from './checkout-steps';
import { ADMIN, signIn } from './support/sign-in';

/** A new customer of this run, registered and signed in through the API. */
async function newCustomer(page: Page) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const customer = { email: `discount-${id}@example.test`, userName: `discount_${id}`, password: 'First-pass-123' };
  expect((await page.request.post('/api/users/register', { data: { user_name: customer.userName, email: customer.email, password: customer.password } })).ok()).toBeTruthy();
  await signIn(page.request, customer.email, customer.password);
  return customer;
}

const money = (n: number) => `$${n.toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('an administrator creates a code; a customer applies it at order confirmation and the order shows the discount', async ({ page, browser }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;

  // The administrator creates a 10 % code, one use per customer.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin.request, ADMIN.identifier, ADMIN.password);
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Discount codes' }).first().click();
  await expect(admin).toHaveURL(/\/admin\/discount-codes$/);
  const form = admin.getByRole('form', { name: 'New discount code' });
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Kind').selectOption('percent');
  await form.getByLabel('Percentage (%)').fill('10');
  await form.getByLabel('Uses per customer (empty: no limit)').fill('1');
  await form.getByRole('button', { name: 'Create code' }).click();
  const adminRow = admin.getByTestId('discount-code-row').filter({ hasText: code });
  await expect(adminRow).toContainText('10% off');
  await expect(adminRow).toContainText('Active');
  await expect(adminRow).toContainText('1 per customer');

  // The customer fills a cart and applies the code (typed in lower case) before confirming.
  await newCustomer(page);
  const listed = (await (await page.request.get('/api/products?limit=60')).json()) as { products: { product_id: number; stock: number; price: number }[] };
  const product = listed.products.find((p) => p.stock >= 5 && p.price >= 20)!;
  await page.goto(`/products/${product.product_id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' }).first()).toBeVisible();

  let shownTotal = '';
  const orderId = await confirmOrder(page, async (p) => {
    const before = (await p.getByTestId('order-total').textContent())!;
    await p.getByLabel('Discount code').fill('NOT-A-CODE');
    await p.getByRole('button', { name: 'Apply' }).click();
    await expect(p.getByRole('alert').filter({ hasText: "We don't recognise that discount code" })).toBeVisible();
    await p.getByLabel('Discount code').fill(code.toLowerCase());
    await p.getByRole('button', { name: 'Apply' }).click();
    await expect(p.getByTestId('discount-applied')).toContainText(`${code} applied · 10% off`);
    await expect(p.getByTestId('order-discount')).toHaveText(/^−\$[\d,]+\.\d\d$/);
    await expect(p.getByTestId('order-total')).not.toHaveText(before);
    await expect(p.getByTestId('gst-included')).toHaveText(/^Includes GST \$[\d,]+\.\d\d$/);
    shownTotal = (await p.getByTestId('order-total').textContent())!;
  });

  // The server priced it the same way and the order carries the code.
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { discount_code: string; discount_amount: number; total_amount: number; subtotal: number; gst_amount: number };
  expect(order.discount_code).toBe(code);
  expect(order.discount_amount).toBeCloseTo(product.price / 10, 1);
  expect(money(order.total_amount)).toBe(shownTotal);
  await expect(page.getByTestId('order-discount')).toHaveText(`−${money(order.discount_amount)}`);

  // Your Orders shows the discount in the order's details.
  await page.goto('/order');
  const row = page.getByTestId('order-row').filter({ hasText: `#${orderId}` });
  await row.getByRole('button', { name: 'Show Details' }).click();
  await expect(page.getByText(`Discount (${code})`).first()).toBeVisible();
  await expect(page.getByText(`−${money(order.discount_amount)}`).first()).toBeVisible();

  // Order Management shows it too.
  await admin.goto('/admin/order');
  const adminOrder = admin.getByTestId(`order-row-${orderId}`);
  await adminOrder.getByRole('button', { name: 'Show Details' }).click();
  await expect(admin.getByTestId(`order-details-${orderId}`).getByTestId('admin-order-discount')).toContainText(`Discount (${code}) −${money(order.discount_amount)}`);

  // The code's list counts the use; the administrator switches it off.
  await admin.goto('/admin/discount-codes');
  await expect(adminRow.getByRole('cell').nth(4)).toHaveText(/^1/);
  await adminRow.getByRole('button', { name: `Switch off ${code}` }).click();
  await expect(adminRow).toContainText('Off');
  await expect(adminRow.getByRole('button', { name: `Switch on ${code}` })).toBeVisible();

  // Switched off, the code is refused.
  const preview = await page.request.post('/api/discount-codes/preview', { data: { code }, headers: { origin: new URL(page.url()).origin } });
  expect(preview.status()).toBe(400);
  expect(((await preview.json()) as { message: string }).message).toBe('This discount code is no longer available.');
  await adminContext.close();
});
