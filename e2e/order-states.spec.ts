/**
 * Order states for staff, as a person sees them (docs/orders.md "Order status", "Order history"):
 * in Order Management an administrator is offered only the statuses the shop's rules allow — an
 * unpaid order cannot be processed, a paid one never goes back to pending, shipped belongs to
 * deliveries and ready for collection to click & collect — and reads the order's history with who
 * made each change; the customer reads it in My Orders in their words, with the reason of a
 * refund (the field the refund dialog labels "shown to the customer").
 */
import { expect, test, type Page } from '@playwright/test';
import { confirmOrder, payWithDemoCard } from './checkout-steps';
import { ADMIN, signIn } from './support/sign-in';

const REASON = 'A small scratch on the left leg — sorry about that.';

type Listed = { product_id: number; name: string; price: number; stock: number };

async function addOne(page: Page, product: Listed) {
  await page.goto(`/products/${product.product_id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' }).first()).toBeVisible();
}

const optionsOf = (page: Page, orderId: number) => page.getByRole('form', { name: `Edit order ${orderId}` }).getByTestId('edit-status').locator('option');

test('an administrator is offered only the allowed statuses and reads the history; the customer reads it with the refund reason', async ({ page, browser }) => {
  // A new customer with an unpaid order and a paid one.
  const id = `states${Date.now().toString(36)}`;
  expect((await page.request.post('/api/users/register', { data: { user_name: id, email: `${id}@example.test`, password: 'States-123-ok' } })).ok()).toBeTruthy();
  await signIn(page.request, `${id}@example.test`, 'States-123-ok');
  const listed = (await (await page.request.get('/api/products?limit=60')).json()) as { products: Listed[] };
  const [first, second] = listed.products.filter((p) => p.stock >= 6 && p.price < 300);
  await addOne(page, first);
  const unpaid = await confirmOrder(page);
  await addOne(page, second);
  const paid = await confirmOrder(page);
  await payWithDemoCard(page, paid);
  const kind = ((await (await page.request.get(`/api/orders/${paid}`)).json()) as { delivery: { kind: string } | null }).delivery?.kind;
  const collect = kind === 'click_collect';

  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signIn(admin.request, ADMIN.identifier, ADMIN.password);
    await admin.goto('/admin/order');

    // The unpaid order: it stays pending until paid, or is cancelled.
    const unpaidRow = admin.getByTestId(`order-row-${unpaid}`);
    await unpaidRow.getByRole('button', { name: 'Edit Order' }).click();
    await expect(optionsOf(admin, unpaid)).toHaveText(['pending (now)', 'cancelled']);
    await expect(admin.getByRole('form', { name: `Edit order ${unpaid}` })).toContainText('Processing is offered once the order is paid.');
    await admin.getByRole('form', { name: `Edit order ${unpaid}` }).getByRole('button', { name: 'Cancel', exact: true }).click();

    // The paid order: forward along its own fulfilment, or cancelled; never back to pending.
    const paidRow = admin.getByTestId(`order-row-${paid}`);
    await paidRow.getByRole('button', { name: 'Edit Order' }).click();
    await expect(optionsOf(admin, paid)).toHaveText(collect ? ['processing (now)', 'cancelled', 'ready for collection', 'collected'] : ['processing (now)', 'shipped', 'delivered', 'cancelled']);
    const form = admin.getByRole('form', { name: `Edit order ${paid}` });
    const next = collect ? 'ready_for_collection' : 'shipped';
    await form.getByTestId('edit-status').selectOption(next);
    await form.getByTestId('edit-sales-message').fill('Packed and on the way to you.');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(admin.getByText(`Order #${paid} saved.`)).toBeVisible();

    // A refund with a reason, from the refund dialog.
    await paidRow.getByRole('button', { name: 'Refund…' }).click();
    const dialog = admin.getByTestId('refund-dialog');
    await dialog.getByRole('radio', { name: 'An amount' }).check();
    await dialog.getByLabel(/^Amount/).fill('1');
    await dialog.getByLabel('Reason (shown to the customer)').fill(REASON);
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(admin.getByText(/^Refunded \$/)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The history in the back office: every change, who made it.
    await paidRow.getByRole('button', { name: 'Show Details' }).click();
    const history = admin.getByTestId(`order-history-${paid}`);
    await expect(history.getByTestId('history-entry').first()).toBeVisible();
    await expect(history).toContainText(`Order placed`);
    await expect(history).toContainText(/Payment of \$[\d,]+\.\d\d received\./);
    await expect(history).toContainText(`Status processing → ${collect ? 'ready for collection' : 'shipped'}.`);
    await expect(history).toContainText('(staff)');
    await expect(history).toContainText(`${id} (customer)`);
    await expect(history).toContainText('Refund of $1.00 made.');
    await expect(history).toContainText(`Reason (shown to the customer): ${REASON}`);
  } finally {
    await context.close();
  }

  // My Orders: the refund with its reason, and the history in the customer's words.
  await page.goto('/order');
  await page.getByTestId('order-row').filter({ hasText: `#${paid}` }).getByRole('button', { name: 'Show Details' }).click();
  const details = page.locator(`#order-${paid}-details`);
  await expect(details.getByTestId('refund-reason')).toHaveText(`Reason: ${REASON}`);
  const mine = details.getByTestId(`order-history-${paid}`);
  await expect(mine.getByTestId('history-entry').first()).toBeVisible();
  await expect(mine).toContainText('You placed this order.');
  await expect(mine).toContainText('We are preparing your order.');
  await expect(mine).toContainText(collect ? 'Your order is ready for collection.' : 'Your order is on its way.');
  await expect(mine).toContainText('We refunded $1.00 to you.');
  await expect(mine).toContainText(`Reason: ${REASON}`);
  await expect(mine).not.toContainText('(staff)');
});
