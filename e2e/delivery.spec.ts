/**
 * An administrator sets the rural two-person fee at /admin/delivery; a customer
 * ordering a bulky sofa to a rural postcode is offered only two-person delivery at that fee, and the
 * order carries it; the customer then moves its delivery day from Your Orders and the admin order
 * view and schedule follow; a cushion to an Auckland postcode is offered courier and click & collect,
 * and collected, the order shows the pickup address and hours.
 */
import { expect, test, type Page } from '@playwright/test';
import { confirmOrder, payWithDemoCard } from './checkout-steps';
import { ADMIN, signIn } from './support/sign-in';

type Listed = { product_id: number; name: string; stock: number; price: number; shipping_class: string };

async function newCustomer(page: Page) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const customer = { email: `delivery-${id}@example.test`, user_name: `delivery_${id}`, password: 'First-pass-123' };
  expect((await page.request.post('/api/users/register', { data: customer })).ok()).toBeTruthy();
  await signIn(page.request, customer.email, customer.password);
}

/** A live product of a shipping class with stock, from the catalogue API. */
async function productOf(page: Page, shippingClass: string, maxPrice = Infinity): Promise<Listed> {
  for (let p = 1; p <= 10; p++) {
    const listed = (await (await page.request.get(`/api/products?limit=100&page=${p}`)).json()) as { products: Listed[] };
    const found = listed.products.find((x) => x.shipping_class === shippingClass && x.stock >= 3 && x.price <= maxPrice);
    if (found) return found;
  }
  throw new Error(`no ${shippingClass} product with stock`);
}

async function addToCart(page: Page, productId: number) {
  expect((await page.request.post('/api/cart/add', { data: { product_id: productId, quantity: 1 } })).ok()).toBeTruthy();
}

const money = (n: number) => `$${n.toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a bulky sofa to a rural postcode gets only two-person delivery at the rural fee; a cushion to Auckland gets courier or click & collect', async ({ page, browser }) => {
  // The administrator sets the rural two-person fee: $149 plus $30 per bulky item, never free.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin.request, ADMIN.identifier, ADMIN.password);
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Delivery' }).first().click();
  await expect(admin).toHaveURL(/\/admin\/delivery$/);
  await admin.getByRole('button', { name: 'Edit Two-person delivery (Rural)' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Fee per order ($)').fill('149');
  await dialog.getByLabel('Surcharge per bulky item ($)').fill('30');
  await dialog.getByLabel('Free over ($, empty = never)').fill('');
  await dialog.getByRole('button', { name: 'Save Service' }).click();
  await expect(dialog).toBeHidden();
  const ruralRow = admin.getByRole('table', { name: 'Services of Rural' }).getByRole('row').filter({ hasText: 'Two-person delivery' });
  await expect(ruralRow).toContainText('$149.00');
  await expect(ruralRow).toContainText('$30.00');

  // A customer orders a bulky sofa to a rural West Coast postcode: only two-person delivery, $179.
  await newCustomer(page);
  const sofa = await productOf(page, 'bulky');
  let chosenDay = '';
  await addToCart(page, sofa.product_id);
  const sofaOrder = await confirmOrder(
    page,
    async (p) => {
      const options = p.getByRole('radiogroup', { name: 'Delivery to Rural' }).getByRole('radio');
      await expect(options).toHaveCount(1);
      await expect(options.first()).toHaveAccessibleName(/Two-person delivery\s*\$179\.00/);
      await expect(p.getByTestId('order-delivery-fee')).toHaveText('$179.00');
      // A day and a window: the second day offered, in the afternoon.
      const slot = p.getByTestId('delivery-slot');
      const day = slot.getByLabel('Delivery day');
      const second = (await day.locator('option').nth(1).getAttribute('value'))!;
      await day.selectOption(second);
      await slot.getByRole('radio', { name: /afternoon/ }).check();
      chosenDay = second;
    },
    { street: '1480 Kumara Junction Highway', city: 'Kumara', postcode: '7881' },
  );
  const placed = (await (await page.request.get(`/api/orders/${sofaOrder}`)).json()) as { shipping_fee: number; subtotal: number; total_amount: number; delivery: { kind: string; zone: string; date: string; window: string } };
  expect(placed).toMatchObject({ shipping_fee: 179, delivery: { kind: 'two_person', zone: 'Rural', date: chosenDay, window: 'afternoon' } });
  expect(placed.total_amount).toBeCloseTo(placed.subtotal + 179, 2);
  await expect(page.getByTestId('order-delivery')).toContainText('Two-person delivery');
  await expect(page.getByTestId('order-delivery')).toContainText(/Delivery on .*, afternoon \(12pm–5pm\)/);
  // Paid: the run sheet lists paid orders only.
  await payWithDemoCard(page, sofaOrder);

  // A cushion-sized parcel to central Auckland: courier and click & collect are offered; the customer collects.
  const cushion = await productOf(page, 'parcel', 100);
  await addToCart(page, cushion.product_id);
  const collected = await confirmOrder(
    page,
    async (p) => {
      const group = p.getByRole('radiogroup', { name: 'Delivery to Auckland' });
      await expect(group.getByRole('radio', { name: /^Courier/ })).toBeVisible();
      const collect = group.getByRole('radio', { name: /^Click & collect/ });
      await expect(collect).toBeVisible();
      await expect(collect).toHaveAccessibleName(/Free.*Epsom warehouse/);
      await collect.check();
      await expect(p.getByTestId('order-delivery-fee')).toHaveText('Free');
    },
    { street: '10 Queen Street', city: 'Auckland', postcode: '1010' },
  );
  const pickup = (await (await page.request.get(`/api/orders/${collected}`)).json()) as { shipping_fee: number; delivery: { kind: string; pickup: { name: string } } };
  expect(pickup).toMatchObject({ shipping_fee: 0, delivery: { kind: 'click_collect', pickup: { name: 'Epsom warehouse' } } });
  await expect(page.getByTestId('order-delivery')).toContainText('Collect from Epsom warehouse');
  // Paid: a click & collect order is made ready once paid.
  await payWithDemoCard(page, collected);

  // The customer moves the sofa's delivery to another day, in the morning, from Your Orders.
  await page.goto('/order');
  await page.getByTestId('order-row').filter({ hasText: `#${sofaOrder}` }).getByRole('button', { name: 'Show Details' }).click();
  const sofaDetails = page.locator(`#order-${sofaOrder}-details`);
  await sofaDetails.getByRole('button', { name: 'Change delivery day' }).click();
  const change = page.getByRole('dialog', { name: 'Change delivery day' });
  const newDay = change.getByLabel('Delivery day');
  const offered = newDay.locator('option');
  await expect(offered.first()).toBeAttached();
  const values = await offered.evaluateAll((options) => options.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']));
  const [movedDay, movedText] = values.filter(([v]) => v !== chosenDay)[2];
  await newDay.selectOption(movedDay);
  await change.getByRole('radio', { name: /morning/ }).check();
  await change.getByRole('button', { name: 'Save new day' }).click();
  await expect(change).toBeHidden();
  await expect(sofaDetails.getByTestId('order-delivery')).toContainText(`Delivery on ${movedText}, morning (8am–12pm)`);
  const moved = (await (await page.request.get(`/api/orders/${sofaOrder}`)).json()) as { delivery: { date: string; window: string } };
  expect(moved.delivery).toMatchObject({ date: movedDay, window: 'morning' });

  // Order Management shows the delivery of the sofa order.
  await admin.goto('/admin/order');
  const row = admin.getByTestId(`order-row-${sofaOrder}`);
  await row.getByRole('button', { name: 'Show Details' }).click();
  await expect(admin.getByTestId(`order-details-${sofaOrder}`)).toContainText(`Shipping (Two-person delivery) ${money(179)}`);
  await expect(admin.getByTestId(`order-details-${sofaOrder}`)).toContainText(`Delivery on ${movedText}, morning (8am–12pm)`);

  // The delivery schedule lists the sofa on its new day, in the morning, ready to print as a run sheet; not on the day it left.
  await admin.goto('/admin/delivery');
  await admin.getByRole('link', { name: 'Delivery schedule' }).click();
  await expect(admin).toHaveURL(/\/admin\/delivery\/schedule$/);
  await admin.goto(`/admin/delivery/schedule?from=${movedDay}&to=${movedDay}`);
  const scheduled = admin.getByTestId(`schedule-order-${sofaOrder}`);
  await expect(scheduled).toContainText('morning (8am–12pm)');
  await expect(scheduled).toContainText('1480 Kumara Junction Highway');
  await expect(admin.getByTestId(`schedule-${movedDay}`)).toContainText('Rural');
  await expect(admin.getByRole('button', { name: 'Print run sheet' })).toBeVisible();
  await admin.goto(`/admin/delivery/schedule?from=${chosenDay}&to=${chosenDay}`);
  await expect(admin.getByRole('heading', { name: 'Delivery schedule' })).toBeVisible();
  await expect(admin.getByTestId(`schedule-order-${sofaOrder}`)).toHaveCount(0);
  await admin.goto('/admin/order');

  // The administrator marks the click & collect order ready for collection, then collected; the customer sees both.
  const collectRow = admin.getByTestId(`order-row-${collected}`);
  for (const [status, label] of [
    ['ready_for_collection', 'Ready for collection'],
    ['collected', 'Collected'],
  ] as const) {
    await collectRow.getByRole('button', { name: 'Edit Order' }).click();
    const form = admin.getByRole('form', { name: `Edit order ${collected}` });
    await form.getByTestId('edit-status').selectOption(status);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(admin.getByText(`Order #${collected} saved.`).first()).toBeVisible();
    await expect(collectRow).toContainText(label);
  }
  // The sofa order is not click & collect: ready for collection is not offered, shipped is.
  const sofaRow = admin.getByTestId(`order-row-${sofaOrder}`);
  await sofaRow.getByRole('button', { name: 'Edit Order' }).click();
  const sofaForm = admin.getByRole('form', { name: `Edit order ${sofaOrder}` });
  await expect(sofaForm.getByTestId('edit-status').locator('option')).toHaveText(['processing (now)', 'shipped', 'delivered', 'cancelled']);
  await adminContext.close();

  // The customer was told it is ready, with where and when (the outbox keeps the message).
  await page.goto('/order');
  await expect(page.getByTestId('order-row').filter({ hasText: `#${collected}` })).toContainText('Collected');
});
