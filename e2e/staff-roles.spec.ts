/**
 * Staff roles (docs/accounts-and-security.md "Staff roles and permissions"): a Warehouse/fulfilment
 * staff member sees Order Management but no Finance Center, Settings or Refund… button (the seeded
 * administrator, an Owner, sees the Refund… button on the same paid order); a direct refund call
 * answers 403 naming the permission, and a Finance address sends them back to the dashboard.
 */
import { expect, test, type Page } from '@playwright/test';
import { confirmOrder, payWithDemoCard } from './checkout-steps';
import { ADMIN, signIn } from './support/sign-in';

/** A new customer on `page` buys one product in stock with the demo card; returns the paid order's id. */
async function paidOrder(page: Page): Promise<number> {
  const id = `roles${Date.now().toString(36)}`;
  expect((await page.request.post('/api/users/register', { data: { user_name: id, email: `${id}@example.test`, password: 'Roles-pass-123' } })).ok()).toBeTruthy();
  await signIn(page.request, `${id}@example.test`, 'Roles-pass-123');
  const listed = (await (await page.request.get('/api/products?limit=60')).json()) as { products: { product_id: number; stock: number }[] };
  const product = listed.products.filter((p) => p.stock >= 3)[1];
  await page.goto(`/products/${product.product_id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' }).first()).toBeVisible();
  const orderId = await confirmOrder(page);
  await payWithDemoCard(page, orderId);
  return orderId;
}

test('a Warehouse staff member sees orders but no Finance, Settings or refund; a direct refund call answers 403', async ({ page, browser }) => {
  const orderId = await paidOrder(page);

  // The Owner adds a staff member and gives them the Warehouse/fulfilment role.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner.request, ADMIN.identifier, ADMIN.password);
  const name = `packer${Date.now().toString(36)}`;
  const added = await owner.request.post('/api/admins', { data: { username: name, email: `${name}@example.test`, password: 'Warehouse-123' } });
  expect(added.status()).toBe(201);
  const staffId = ((await added.json()) as { id: number }).id;
  const roles = (await (await owner.request.get('/api/roles')).json()) as { id: number; name: string }[];
  const warehouse = roles.find((r) => r.name === 'Warehouse/fulfilment')!;
  expect((await owner.request.put(`/api/users/${staffId}/roles`, { data: { role_ids: [warehouse.id] } })).status()).toBe(200);
  await owner.goto('/admin/order');
  await expect(owner.getByTestId(`order-row-${orderId}`).getByRole('button', { name: 'Refund…' })).toBeVisible();
  await ownerContext.close();

  const context = await browser.newContext();
  const staff = await context.newPage();
  try {
    await signIn(staff.request, `${name}@example.test`, 'Warehouse-123');
    await staff.goto('/admin/order');
    const nav = staff.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Order Management' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Finance Center' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    const row = staff.getByTestId(`order-row-${orderId}`);
    await expect(row.getByRole('button', { name: 'Edit Order' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Refund…' })).toHaveCount(0);

    const refund = await staff.request.post(`/api/orders/${orderId}/refunds`, { data: { amount: 1, reason: 'Trying', idempotencyKey: `${name}-1` } });
    expect(refund.status()).toBe(403);
    expect(await refund.json()).toMatchObject({ code: 'forbidden', message: expect.stringContaining('orders.refund') });

    await staff.goto('/admin/finance');
    await expect(staff).toHaveURL(/\/admin$/);
    await expect(staff.getByTestId('daily-sales')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
