import crypto from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, CUSTOMER, logIn } from './support/sign-in';

// Back-office journeys (spec §2 Dashboard, Order Management, User Management, System Settings,
// Finance Center; §4 Admin order editing; §5 Confirmations; §8 Admin) on the production build.

/** Places an order as the demo customer through the REST API; returns its id. */
async function placeOrderAsCustomer(api: APIRequestContext): Promise<number> {
  const login = await api.post('/api/users/login', { data: CUSTOMER });
  expect(login.ok()).toBeTruthy();
  const { token } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const list = await api.get('/api/products?page=1&limit=50', { headers });
  expect(list.ok()).toBeTruthy();
  const { products } = (await list.json()) as { products: { product_id: number; stock: number }[] };
  const product = products.find((p) => p.stock >= 3);
  expect(product, 'a product in stock').toBeTruthy();
  const add = await api.post('/api/cart/add', { headers, data: { product_id: product!.product_id, quantity: 1 } });
  expect(add.ok()).toBeTruthy();
  const { CartItem } = await add.json();
  const placed = await api.post('/api/orders', {
    headers,
    data: {
      cartItems: [{ cart_item_id: CartItem.cart_item_id }],
      newAddress: { street_address: '12 Ponsonby Road', city: 'Auckland', postal_code: '1011', country: 'New Zealand' },
      newContact: { first_name: 'Sam', last_name: 'Taylor', phone_number: '021 555 0101', email: 'customer@totarahome.test' },
      customer_message: 'Please call before delivery.',
    },
  });
  expect(placed.status()).toBe(201);
  const { order } = await placed.json();
  return order.order_id as number;
}

test('an admin checks the dashboard, ships an order with a note, and changes a setting', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const orderId = await placeOrderAsCustomer(api);
  await api.dispose();

  await logIn(page, ADMIN.identifier, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);

  // Dashboard: summary cards from real data and the 4-week chart, every 7th date labelled.
  await expect(page.getByRole('heading', { name: 'Last 4 Weeks Sales Statistics' })).toBeVisible();
  await expect(page.getByTestId('daily-sales')).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  expect(Number(await page.getByTestId('daily-orders').textContent())).toBeGreaterThanOrEqual(1);
  expect(Number((await page.getByTestId('total-products').textContent())?.replace(/,/g, ''))).toBeGreaterThan(100);
  const chart = page.getByTestId('sales-chart');
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(chart.locator('.recharts-bar')).toHaveCount(1);
  await expect(chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick')).toHaveCount(4);
  await expect(page.getByTestId('to-be-processed')).toContainText('Pending Payment');

  // Order Management: edit the new order's status and sales message.
  await page.getByRole('link', { name: 'Order Management' }).first().click();
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();
  const row = page.getByTestId(`order-row-${orderId}`);
  await expect(row).toContainText('demo');
  await expect(row).toContainText(/unpaid/i);
  await row.getByRole('button', { name: 'Edit Order' }).click();
  const form = page.getByRole('form', { name: `Edit order ${orderId}` });
  // The customer's own message is shown, not offered for editing.
  await expect(form.getByTestId('customer-message-read-only')).toHaveText('Please call before delivery.');
  await expect(form.getByRole('textbox', { name: /customer message/i })).toHaveCount(0);
  // Unpaid: it stays pending until paid (processing is not offered), or is cancelled.
  await expect(form.getByTestId('edit-status').locator('option')).toHaveText(['pending (now)', 'cancelled']);
  await form.getByTestId('edit-sales-message').fill('Packed and ready — courier booked for Tuesday.');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`Order #${orderId} saved.`)).toBeVisible();
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: 'Show Details' }).click();
  await expect(page.getByTestId(`order-details-${orderId}`).getByTestId('sales-message')).toHaveText('Packed and ready — courier booked for Tuesday.');
  await expect(page.getByTestId(`order-details-${orderId}`)).toContainText('Please call before delivery.');

  // The filter shows it under Pending.
  await page.getByLabel('Filter by status').selectOption('pending');
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByTestId(`order-row-${orderId}`)).toBeVisible();

  // The server agrees.
  const saved = await page.request.get(`/api/orders/${orderId}`);
  expect(await saved.json()).toMatchObject({ status: 'pending', sales_message: 'Packed and ready — courier booked for Tuesday.' });

  // System Settings: change the low-stock threshold, then put it back.
  await page.getByRole('link', { name: 'Settings' }).first().click();
  const threshold = page.getByLabel('LOW STOCK THRESHOLD');
  const before = await threshold.inputValue();
  await threshold.fill('7');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByTestId('settings-status')).toHaveText('Settings updated successfully!');
  await page.reload();
  await expect(page.getByLabel('LOW STOCK THRESHOLD')).toHaveValue('7');
  // A bad value is refused in the form before anything is sent.
  await page.getByLabel('TIME ZONE').fill('Middle/Earth');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Time zone must be a valid IANA time zone such as Pacific/Auckland.')).toBeVisible();
  await page.getByLabel('TIME ZONE').fill('Pacific/Auckland');
  await page.getByLabel('LOW STOCK THRESHOLD').fill(before);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByTestId('settings-status')).toHaveText('Settings updated successfully!');
});

test('an admin adds a user, resets their password, deletes them, and downloads a financial report', async ({ page }) => {
  const id = crypto.randomBytes(3).toString('hex');
  const name = `rimu_${id}`;
  await logIn(page, ADMIN.identifier, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/admin/user');
  const add = page.getByTestId('add-user-row');
  await add.getByLabel('New username').fill(name);
  await add.getByLabel("New user's email").fill(`${name}@example.test`);
  await add.getByLabel("New user's password").fill('Welcome-123');
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText(`${name} added.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('No');

  // Reset Password e-mails the user a reset link: no password field, Cancel sends nothing.
  await row.getByRole('button', { name: 'Reset Password' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`We will e-mail ${name}@example.test a link to choose a new password.`);
  await expect(dialog.locator('input[type="password"]')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`A password reset link has been sent to ${name}@example.test. It works for 30 minutes.`)).toBeVisible();

  // Delete asks first.
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this user?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} deleted.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // Finance Center: the totals, then record an expense and download the report for this month.
  await page.goto('/admin/finance');
  const totals = page.getByTestId('finance-totals');
  for (const label of ['Income', 'Expenses', 'Net', 'Payouts']) await expect(totals.getByText(label, { exact: true })).toBeVisible();
  await expect(totals).toContainText(/GST \$[\d,]+\.\d\d/);
  await page.getByLabel('Description').fill(`Courier account ${id}`);
  await page.getByLabel('Amount').fill('86.25');
  await page.getByLabel('Type').selectOption('expense');
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(page.getByRole('table', { name: 'Transaction history' })).toContainText(`Courier account ${id}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Financial Report' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^finance-report-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}-NZD\.csv$/);
  const stream = await download.createReadStream();
  let csv = '';
  for await (const chunk of stream) csv += chunk.toString();
  expect(csv.split('\n')[0]).toBe('date,type,description,reference,amount,gst');
  expect(csv).toContain(`expense,Courier account ${id},,86.25,`);
  expect(csv).toMatch(/\n,total,Total income,,[\d.]+,[\d.]+\n/);
});
