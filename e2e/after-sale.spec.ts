/**
 * After the sale: an administrator refunds one line of a paid order with restock, and
 * the customer sees the refund under their order and its e-mail in /admin/outbox; a customer asks
 * to return an item of a delivered order, and an administrator approves it, marks it received and
 * refunds it from the Returns queue.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { confirmOrder, openOutboxMessage, outboxRowsFor, payWithDemoCard } from './checkout-steps';
import { ADMIN, signIn } from './support/sign-in';

type Listed = { product_id: number; name: string; price: number; stock: number };

/** A new customer, signed in on `page`. */
async function newCustomer(page: Page, tag: string) {
  const id = `${tag}${Date.now().toString(36)}`;
  const email = `${id}@example.test`;
  const password = 'After-sale-123';
  expect((await page.request.post('/api/users/register', { data: { user_name: id, email, password } })).ok()).toBeTruthy();
  await signIn(page.request, email, password);
  return { email };
}

/** Puts 2 of a product in stock in the cart, confirms and pays with the demo card; returns the order id and the product. */
async function buyTwo(page: Page, skip: number): Promise<{ orderId: number; product: Listed }> {
  const listed = (await (await page.request.get('/api/products?limit=60')).json()) as { products: Listed[] };
  const product = listed.products.filter((p) => p.stock >= 6 && p.price < 200)[skip] ?? listed.products.filter((p) => p.stock >= 6)[skip];
  await page.goto(`/products/${product.product_id}`);
  await page.getByRole('spinbutton', { name: /quantity/i }).first().fill('2');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' }).first()).toBeVisible();
  const orderId = await confirmOrder(page);
  await payWithDemoCard(page, orderId);
  return { orderId, product };
}

const stockOf = async (request: APIRequestContext, productId: number) => ((await (await request.get(`/api/products/${productId}`)).json()) as { stock: number }).stock;

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page.request, ADMIN.identifier, ADMIN.password);
  return { context, page };
}

/** Opens the customer's order details on My Orders. */
async function openOrder(page: Page, orderId: number) {
  await page.goto('/order');
  const row = page.getByTestId('order-row').filter({ hasText: `#${orderId}` });
  await row.getByRole('button', { name: 'Show Details' }).click();
  return page.locator(`#order-${orderId}-details`);
}

test('an administrator refunds one line with restock; the customer sees the refund and its e-mail is in the outbox', async ({ page, browser }) => {
  const { email } = await newCustomer(page, 'refund');
  const { orderId, product } = await buyTwo(page, 0);
  const stockAfterSale = await stockOf(page.request, product.product_id);

  const { context, page: admin } = await adminPage(browser);
  try {
    await admin.goto('/admin/order');
    const row = admin.getByTestId(`order-row-${orderId}`);
    await row.getByRole('button', { name: 'Refund…' }).click();
    const dialog = admin.getByTestId('refund-dialog');
    await expect(dialog.getByTestId('refundable')).toContainText('can still be refunded');
    await dialog.getByLabel(`Quantity of ${product.name} to refund`).fill('1');
    await expect(dialog.getByLabel('Put the refunded items back in stock')).toBeChecked();
    await expect(dialog.getByTestId('refund-total')).toHaveText(new RegExp(`\\$${product.price.toFixed(2).replace('.', '\\.')}`));
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(admin.getByText(/^Refunded \$/)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Partially refunded')).toBeVisible();
    expect(await stockOf(admin.request, product.product_id)).toBe(stockAfterSale + 1);

    // The customer sees it under the order, with its credit note.
    const details = await openOrder(page, orderId);
    const refund = details.getByTestId('refund-row');
    await expect(refund).toHaveCount(1);
    await expect(refund).toContainText(`1 × ${product.name}`);
    await expect(refund).toContainText('Refunded');
    const noteLink = refund.getByRole('link', { name: /^Credit note CN-\d+$/ });
    await expect(noteLink).toBeVisible();
    const noteNumber = ((await noteLink.textContent()) ?? '').replace('Credit note ', '');

    // Its credit note is a document of its own: the printable page and the PDF.
    await noteLink.click();
    await expect(page).toHaveURL(new RegExp(`/order/${orderId}/credit-notes/${noteNumber}$`));
    const sheet = page.getByTestId('tax-document');
    await expect(sheet.getByRole('heading', { name: 'Credit note', level: 1 })).toBeVisible();
    await expect(sheet.getByTestId('document-number')).toHaveText(noteNumber);
    await expect(sheet).toContainText(/Adjusts tax invoice INV-\d{6}/);
    await expect(sheet).toContainText(product.name);
    await expect(sheet).toContainText(/GST \(15%\)/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('credit-note-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`credit-note-${noteNumber}.pdf`);
    const pdf = await (await page.request.get(`/api/orders/${orderId}/credit-notes/${noteNumber}`)).body();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // And the administrator finds its e-mail in the outbox.
    const mail = (await outboxRowsFor(admin, email)).filter({ hasText: `your refund for order #${orderId}` });
    await expect(mail).toHaveCount(1);
    const { email: frame } = await openOutboxMessage(admin, mail);
    await expect(frame.getByRole('heading', { name: /^We have refunded \$/ })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a customer returns an item of a delivered order; the administrator approves, receives and refunds it', async ({ page, browser, request }) => {
  await newCustomer(page, 'return');
  const { orderId, product } = await buyTwo(page, 1);

  const { context, page: admin } = await adminPage(browser);
  try {
    // Delivered (as Order Management would set it), through the API with the administrator's bearer token (a context without cookies).
    const login = await request.post('/api/users/login', { data: { identifier: ADMIN.identifier, password: ADMIN.password } });
    const { token } = (await login.json()) as { token: string };
    expect((await request.put(`/api/orders/${orderId}`, { data: { status: 'delivered' }, headers: { authorization: `Bearer ${token}` } })).ok()).toBeTruthy();

    let details = await openOrder(page, orderId);
    await details.getByTestId('return-items').click();
    const dialog = page.getByRole('dialog', { name: `Return items of order #${orderId}` });
    await dialog.getByLabel(`How many of ${product.name} to return`).fill('1');
    await dialog.getByLabel('Why are you returning it?').fill('The colour does not suit the room.');
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await expect(page.getByText('Return requested. We have e-mailed you a confirmation.')).toBeVisible();
    await expect(details.getByTestId('return-status')).toHaveText(/^Requested/);

    await admin.goto('/admin/returns');
    const card = admin.getByTestId('queue-return').filter({ hasText: `order #${orderId}` });
    await card.getByRole('button', { name: 'Approve…' }).click();
    await admin.getByLabel('Message to the customer').fill('We will collect it on Tuesday.');
    await admin.getByRole('button', { name: 'Approve return' }).click();
    await expect(card.getByTestId('return-status-badge')).toHaveText('Approved');
    await card.getByRole('button', { name: 'Mark received' }).click();
    await expect(card.getByTestId('return-status-badge')).toHaveText('Received');
    // We collected it: the returns policy's collection fee (settings, $49 by default) comes off the refund.
    await card.getByRole('button', { name: 'Refund…' }).click();
    const confirm = admin.getByRole('alertdialog');
    const fee = confirm.getByRole('checkbox', { name: /We collected the items: deduct the \$49\.00 collection fee/ });
    expect(product.price).toBeGreaterThan(49);
    const net = `$${(product.price - 49).toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect(fee).toBeChecked();
    await expect(confirm.getByTestId('return-refund-amount')).toHaveText(net);
    await fee.uncheck();
    await expect(confirm.getByTestId('return-refund-amount')).not.toHaveText(net);
    await fee.check();
    await confirm.getByRole('button', { name: `Refund ${net}` }).click();
    await expect(admin.getByText(`Refunded ${net} (less the $49.00 collection fee); the items are back in stock.`)).toBeVisible();
    await admin.goto('/admin/returns?status=refunded');
    await expect(admin.getByTestId('queue-return').filter({ hasText: `order #${orderId}` }).getByTestId('return-status-badge')).toHaveText('Refunded');

    // The Returns page names the same fee the refund deducted.
    await page.goto('/returns');
    await expect(page.getByText('If we collect the item, $49.00 is taken off your refund for the collection')).toBeVisible();

    details = await openOrder(page, orderId);
    await expect(details.getByTestId('return-status')).toHaveText('Refunded');
    await expect(details.getByText('Our message: We will collect it on Tuesday.')).toBeVisible();
    await expect(details.getByTestId('refund-row')).toContainText(`1 × ${product.name}`);
    await expect(details.getByTestId('refund-row')).toContainText('less $49.00 collection fee');
    await expect(details.getByTestId('refund-row')).toContainText(net);
  } finally {
    await context.close();
  }
});
