/**
 * The outbox journey (docs/mail.md): with no mail server configured, a customer's order and
 * payment write their e-mails to the outbox, and an administrator reads them at /admin/outbox —
 * the list, then one message rendered as the customer would receive it.
 */
import { expect, test } from '@playwright/test';
import { RENDERED_EMAIL, confirmOrder, openOutboxMessage, payWithDemoCard } from './checkout-steps';
import { ADMIN, signIn } from './support/sign-in';

test('a customer pays with the demo card 4242 and an administrator finds the order and payment e-mails in the outbox', async ({ page, browser }) => {
  // A new customer, so their messages are theirs alone.
  const id = Date.now().toString(36);
  const email = `outbox-${id}@example.test`;
  const password = 'Outbox-pass-123';
  expect((await page.request.post('/api/users/register', { data: { user_name: `outbox_${id}`, email, password } })).ok()).toBeTruthy();
  await signIn(page.request, email, password);

  const listed = (await (await page.request.get('/api/products?limit=60')).json()) as { products: { product_id: number; stock: number }[] };
  const product = listed.products.find((p) => p.stock >= 5)!;
  await page.goto(`/products/${product.product_id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' }).first()).toBeVisible();

  const orderId = await confirmOrder(page);
  await payWithDemoCard(page, orderId);

  // The administrator, in a browser of their own.
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signIn(admin.request, ADMIN.identifier, ADMIN.password);
    await admin.goto('/admin');
    await admin.getByRole('link', { name: 'Outbox' }).first().click();
    await expect(admin).toHaveURL(/\/admin\/outbox$/);
    await expect(admin.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
    await expect(admin.getByTestId('mail-mode')).toContainText('No mail server is configured');

    const table = admin.getByRole('table', { name: 'Outbox messages' });
    const theirs = table.getByRole('row').filter({ hasText: email });
    await expect(theirs).toHaveCount(2);
    const received = theirs.filter({ hasText: `we have your order #${orderId}` });
    const paid = theirs.filter({ hasText: `payment received for order #${orderId}` });
    await expect(received).toHaveCount(1);
    await expect(paid).toHaveCount(1);
    await expect(paid.getByText('Pending', { exact: true })).toBeVisible();

    const { email: frame, text } = await openOutboxMessage(admin, paid, `Totara Home: payment received for order #${orderId}`);
    await expect(admin.getByText(`To ${email}`)).toBeVisible();
    await expect(frame.getByRole('heading', { name: `Payment received for order #${orderId}` })).toBeVisible();
    await expect(frame.getByText(`Order #${orderId}`, { exact: true })).toBeVisible();
    await expect(frame.getByText('12 Kauri Street')).toBeVisible();
    // Sandboxed without scripts; the frame is as tall as the e-mail: its last line is inside the
    // frame's box, and the frame's document does not scroll.
    const frameBox = admin.locator(RENDERED_EMAIL);
    await expect(frameBox).toHaveAttribute('sandbox', 'allow-same-origin');
    const lastLine = frame.getByText(/^Totara Home · /);
    await expect(lastLine).toBeVisible();
    const spaceBelow = async () => {
      const [outer, inner] = [await frameBox.boundingBox(), await lastLine.boundingBox()];
      return outer && inner ? outer.y + outer.height - (inner.y + inner.height) : -1;
    };
    // Below the last line: the e-mail's own bottom padding, not a cut and not an empty stretch.
    await expect.poll(spaceBelow).toBeGreaterThan(0);
    await expect.poll(spaceBelow).toBeLessThan(120);
    // Still so after the window narrows to a phone's width and widens again.
    await admin.setViewportSize({ width: 390, height: 844 });
    await expect.poll(spaceBelow).toBeGreaterThan(0);
    await expect.poll(spaceBelow).toBeLessThan(120);
    await admin.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(spaceBelow).toBeGreaterThan(0);
    await expect.poll(spaceBelow).toBeLessThan(120);
    await expect(text).toContainText('Includes GST $');
  } finally {
    await adminContext.close();
  }
});
