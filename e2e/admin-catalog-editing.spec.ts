import crypto from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CUSTOMER, signInAsAdmin } from './support/sign-in';

// The back office's catalogue and search screens on the production build: an administrator describes a new product in
// Edit Details and shoppers find it by its style; categories are added, renamed, moved and (not)
// deleted; Order Management searches and exports CSV; User Management searches and pages.

async function bearer(api: APIRequestContext, who: { identifier: string; password: string }) {
  const login = await api.post('/api/users/login', { data: who });
  expect(login.ok()).toBeTruthy();
  return { authorization: `Bearer ${(await login.json()).token}` };
}

const tag = () => crypto.randomBytes(3).toString('hex');

test('an admin adds a product, chooses its style, function and mobility and sets its sizes and supplier in Edit Details, and shoppers find it by that style', async ({ page }) => {
  const t = tag();
  const name = `Tōtara sideboard ${t}`;
  const sku = `E2E-${t}`.toUpperCase();
  // Chosen from the list; no product of the seeded catalogue is rattan storage on castors 155–165 cm wide.
  const style = 'Rattan & wicker';
  await signInAsAdmin(page);
  const supplier = await (await page.request.post('/api/suppliers', { data: { name: `Kauri Joinery ${t}`, contact_info: 'orders@kauri.example' } })).json();

  // Product Management: Add New Product, fill the new row in place, Save Changes.
  await page.goto('/admin/product');
  await expect(page.getByText('Loading... Please wait.')).toBeHidden();
  await page.getByRole('button', { name: 'Add New Product' }).click();
  for (const [field, value] of [
    ['name', name],
    ['price', '899.00'],
    ['sku', sku],
    ['stock', '4'],
  ] as const) {
    await page.getByTestId(`${field}-new`).dblclick();
    const input = page.getByTestId(`${field}-new-input`);
    await input.fill(value);
    await input.press('Enter');
  }
  await page.getByRole('button', { name: /Save Changes/ }).click();
  await expect(page.getByText('Change saved.')).toBeVisible();

  // Find it and open Edit Details.
  await page.getByLabel('Find a product by name or SKU').fill(sku);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.locator('tbody tr[data-row-id]').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const id = Number(await row.getAttribute('data-row-id'));
  try {
    await row.getByRole('button', { name: `Edit details of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Details' });
    // A size that is not whole centimetres is refused before anything is sent.
    await dialog.getByLabel('Width (cm)').fill('160.5');
    await dialog.getByRole('button', { name: 'Save Details' }).click();
    await expect(dialog.getByText('Width must be a whole number of centimetres.')).toBeVisible();

    await dialog.getByLabel('Style').selectOption(style);
    await dialog.getByLabel('Function').selectOption('Storage');
    await dialog.getByLabel('Mobility').selectOption('On castors');
    await dialog.getByLabel('Width (cm)').fill('160');
    await dialog.getByLabel('Height (cm)').fill('75');
    await dialog.getByLabel('Depth (cm)').fill('45');
    await dialog.getByLabel('Supplier').selectOption({ label: supplier.name });
    await dialog.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByText('Product details saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await (await page.request.get(`/api/products/${id}`)).json()).toMatchObject({ style, function: 'Storage', mobility: 'On castors', width_cm: 160, height_cm: 75, depth_cm: 45, supplier_id: supplier.supplier_id });

    // The shop: among storage on castors about 160 cm wide, ticking the style shows the product (and only it).
    await page.goto('/products?function=Storage&mobility=On+castors&width_min=155&width_max=165');
    const styleFilter = page.getByTestId('style-filter').filter({ visible: true });
    await styleFilter.getByRole('button', { name: /^Style/ }).click();
    const showMore = styleFilter.getByText(/^Show \d+ more$/);
    if (await showMore.isVisible()) await showMore.click();
    await styleFilter.getByLabel(new RegExp(`^${style}`)).check();
    await expect(page).toHaveURL(new RegExp(`style=${encodeURIComponent(style).replace(/%20/g, '(\\+|%20)')}`));
    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(name);
  } finally {
    await page.request.delete(`/api/products/${id}`);
  }
});

test('an admin adds a room and a subcategory, renames and moves it, and cannot delete a category that still has products', async ({ page }) => {
  const t = tag();
  const roomName = `Sunroom ${t}`;
  await signInAsAdmin(page);
  await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();

  // Add a room, then a subcategory in it.
  const form = page.getByRole('form', { name: 'Add a category' });
  await form.getByLabel('Name').fill(roomName);
  await form.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByText(`Room “${roomName}” added.`)).toBeVisible();
  await expect(page.getByRole('cell', { name: roomName, exact: true })).toBeVisible();
  await form.getByLabel('Name').fill(`Loungers ${t}`);
  await form.getByLabel('Room').selectOption({ label: roomName });
  await form.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByText(`Category “Loungers ${t}” added.`)).toBeVisible();
  // A second subcategory of the same name in that room is refused with the reason.
  await form.getByLabel('Name').fill(`loungers ${t}`);
  await form.getByRole('button', { name: 'Add Category' }).click();
  await expect(form.getByText(`This room already has a subcategory named “loungers ${t}”.`)).toBeVisible();

  // The shop's cached home page lists the new room at once (its cache is dropped by the change).
  await page.goto('/');
  await expect(page.getByTestId('room-link').filter({ hasText: roomName })).toBeVisible();
  await page.goBack();

  // The shop's category list has it under the room at once.
  const tree = async () => (await (await page.request.get('/api/categories')).json()) as { name: string; subcategories: { category_id: number; name: string }[] }[];
  const sub = (await tree()).find((r) => r.name === roomName)!.subcategories[0];
  expect(sub.name).toBe(`Loungers ${t}`);

  // Rename it and move it to the Outdoor room.
  const row = page.getByTestId(`category-row-${sub.category_id}`);
  await row.getByRole('button', { name: `Edit Loungers ${t}` }).click();
  await row.getByLabel('Name').fill(`Sun loungers ${t}`);
  const outdoor = (await tree()).find((r) => r.name === 'Outdoor')!;
  await row.getByLabel('Room').selectOption({ label: outdoor.name.replace(/_/g, ' ') });
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Category saved.')).toBeVisible();
  await expect(row).toContainText(`Sun loungers ${t}`);
  await expect(row).toContainText(outdoor.name.replace(/_/g, ' '));
  const moved = (await tree()).find((r) => r.name === outdoor.name)!.subcategories.find((s) => s.category_id === sub.category_id);
  expect(moved?.name).toBe(`Sun loungers ${t}`);

  // A subcategory that products are listed in cannot be deleted: the reason is shown, it stays.
  const { products } = (await (await page.request.get('/api/products?limit=1')).json()) as { products: { category_id: number }[] };
  const busy = { category_id: products[0].category_id };
  const busyRow = page.getByTestId(`category-row-${busy.category_id}`);
  await busyRow.getByRole('button', { name: /^Delete / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/This category still has \d+ products?; move them to another category first\./)).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(busyRow).toBeVisible();

  // The empty ones can go: the moved subcategory, then the room.
  await row.getByRole('button', { name: `Delete Sun loungers ${t}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`The category “Sun loungers ${t}” was deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const roomRow = page.getByRole('row').filter({ hasText: roomName });
  await roomRow.getByRole('button', { name: `Delete ${roomName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`The category “${roomName}” was deleted.`)).toBeVisible();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(roomRow).toHaveCount(0);
  expect((await tree()).some((r) => r.name === roomName)).toBe(false);
  await page.goto('/');
  await expect(page.getByTestId('room-link').first()).toBeVisible();
  await expect(page.getByTestId('room-link').filter({ hasText: roomName })).toHaveCount(0);
});

test('an admin finds an order by its number and by the customer e-mail, narrows it by date, and downloads the selection as CSV', async ({ page, playwright, baseURL }) => {
  // An order placed by the demo customer, under a contact e-mail of its own.
  const t = tag();
  const api = await playwright.request.newContext({ baseURL });
  const headers = await bearer(api, CUSTOMER);
  const { products } = (await (await api.get('/api/products?page=1&limit=50', { headers })).json()) as { products: { product_id: number; stock: number }[] };
  const product = products.find((p) => p.stock >= 3)!;
  const { CartItem } = await (await api.post('/api/cart/add', { headers, data: { product_id: product.product_id, quantity: 1 } })).json();
  const placed = await api.post('/api/orders', {
    headers,
    data: {
      cartItems: [{ cart_item_id: CartItem.cart_item_id }],
      newAddress: { street_address: '3 Rata Lane', city: 'Nelson', postal_code: '7010', country: 'New Zealand' },
      newContact: { first_name: 'Wiremu', last_name: `Search${t}`, phone_number: '021 555 0123', email: `wiremu.${t}@example.test` },
    },
  });
  expect(placed.status()).toBe(201);
  const orderId: number = (await placed.json()).order.order_id;
  await api.dispose();

  await signInAsAdmin(page);
  await page.goto('/admin/order');
  const search = page.getByRole('search', { name: 'Find orders' });

  // By number.
  await search.getByLabel('Search').fill(`#${orderId}`);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=%23${orderId}`));
  await expect(page.getByTestId(`order-row-${orderId}`)).toBeVisible();

  // By the contact's e-mail, with today's date range: the one order, and the filters stay in the address.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
  await search.getByLabel('Search').fill(`WIREMU.${t}@`);
  await search.getByLabel('From').fill(today);
  await search.getByLabel('To').fill(today);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
  await expect(page.locator('[data-testid^="order-row-"]')).toHaveCount(1);
  await expect(page.getByTestId(`order-row-${orderId}`)).toBeVisible();
  await expect(search).toContainText('1 order');
  // A reload (the server's render) shows the same selection.
  await page.reload();
  await expect(page.getByRole('search', { name: 'Find orders' }).getByLabel('Search')).toHaveValue(`WIREMU.${t}@`);
  await expect(page.locator('[data-testid^="order-row-"]')).toHaveCount(1);

  // Export CSV: the selection, as a download.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`orders-${today}-to-${today}.csv`);
  let csv = '';
  for await (const chunk of await download.createReadStream()) csv += chunk.toString();
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe('order_id,order_date,status,payment_status,payment_method,customer,contact_name,contact_email,contact_phone,items,subtotal,discount_code,discount,shipping_fee,assembly_fee,gst,total_amount,currency,delivery_service,delivery_zone,delivery_date,delivery_window');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${orderId},${today} `);
  expect(lines[1]).toContain(`Wiremu Search${t},wiremu.${t}@example.test`);

  // A search that matches nothing says so.
  await search.getByLabel('Search').fill(`nobody-${t}`);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
});

test('an admin searches User Management and pages through the matches on the server', async ({ page }) => {
  const t = tag();
  await signInAsAdmin(page);
  // 23 accounts sharing a name part: two pages of 20.
  for (let i = 0; i < 23; i++) {
    const res = await page.request.post('/api/users', { data: { user_name: `kea_${t}_${String(i).padStart(2, '0')}`, email: `kea.${t}.${i}@example.test`, password: 'Welcome-123', is_admin: false } });
    expect(res.status()).toBe(201);
  }
  await page.goto('/admin/user');
  await page.getByLabel('Find a user by username, email or name').fill(`KEA_${t}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=KEA_${t}`));
  await expect(page.getByTestId('user-total')).toHaveText(`23 users matching “KEA_${t}”`);
  const rows = page.locator('[data-testid^="user-row-"]');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(`kea_${t}_00`);
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 2');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(3);
  await expect(rows.last()).toContainText(`kea_${t}_22`);
  // By e-mail too; Clear Search shows every account again.
  await page.getByLabel('Find a user by username, email or name').fill(`kea.${t}.7@`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`kea_${t}_07`);
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(page).toHaveURL(/\/admin\/user$/);
  await expect(page.getByTestId('user-total')).toHaveText(/^\d+ users$/);
});
