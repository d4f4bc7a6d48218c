/**
 * The audit log (docs/back-office.md "Audit log"): a Catalogue editor changes a product's price in
 * Product Management; the Owner's /admin/audit shows the change with the editor's name and the old
 * and new price, the filter narrows the rows to it, and the CSV download holds the same row.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './support/sign-in';


test('a Catalogue editor changes a price and the audit log shows the old and new price with their name', async ({ browser }) => {
  // The Owner adds a staff member with the Catalogue editor role (as on the Roles screen).
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner.request, ADMIN.identifier, ADMIN.password);
  const name = `editor${Date.now().toString(36)}`;
  const added = await owner.request.post('/api/admins', { data: { username: name, email: `${name}@example.test`, password: 'Catalogue-123' } });
  expect(added.status()).toBe(201);
  const staffId = ((await added.json()) as { id: number }).id;
  const roles = (await (await owner.request.get('/api/roles')).json()) as { id: number; name: string }[];
  const editorRole = roles.find((r) => r.name === 'Catalogue editor')!;
  expect((await owner.request.put(`/api/users/${staffId}/roles`, { data: { role_ids: [editorRole.id] } })).status()).toBe(200);

  // The editor changes the first product's price inline and saves.
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await signIn(editor.request, `${name}@example.test`, 'Catalogue-123');
  await editor.goto('/admin/product');
  await expect(editor.getByText('Loading... Please wait.')).toBeHidden();
  // No audit log in the editor's sidebar: it is audit.read's.
  await expect(editor.getByTestId('admin-sidebar').getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  const id = Number(await editor.locator('tbody tr[data-row-id]').first().getAttribute('data-row-id'));
  const before = (await (await editor.request.get(`/api/products/${id}`)).json()) as { price: number; name: string };
  const newPrice = Math.round((before.price + 11.11) * 100) / 100;
  await editor.getByTestId(`price-${id}`).dblclick();
  await editor.getByTestId(`price-${id}-input`).fill(newPrice.toFixed(2));
  await editor.getByTestId(`price-${id}-input`).press('Enter');
  await editor.getByRole('button', { name: /Save Changes/ }).click();
  await expect(editor.getByText('Change saved.')).toBeVisible();
  await editorContext.close();

  // The Owner reads the audit log: the newest row is the editor's price change.
  await owner.goto('/admin/audit');
  await expect(owner.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(owner.getByTestId('admin-sidebar').getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
  const newest = owner.getByTestId('audit-row').first();
  await expect(newest).toContainText(name);
  await expect(newest).toContainText('product.update');
  await expect(newest).toContainText(before.name);
  await expect(newest.getByTestId('audit-change-price')).toHaveText(`price: ${before.price.toFixed(2)} → ${newPrice.toFixed(2)}`);

  // Filtering by the editor and the action leaves their change only.
  await owner.getByLabel('Staff member').selectOption({ label: name });
  await owner.getByRole('combobox', { name: /^Action/ }).selectOption('product.update');
  await owner.getByRole('button', { name: 'Filter' }).click();
  await expect(owner).toHaveURL(new RegExp(`actor_id=${staffId}`));
  await expect(owner.getByTestId('audit-row')).toHaveCount(1);
  await expect(owner.getByTestId('audit-total')).toHaveText('1 entry');

  // The CSV download of the same filter holds the row.
  const download = owner.waitForEvent('download');
  await owner.getByTestId('audit-csv').click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const lines = csv.trim().split('\n');
  expect(lines[0]).toContain('staff_name,staff_email,action');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${name},${name}@example.test,product.update,product,${id}`);
  expect(lines[1]).toContain(`price,${before.price.toFixed(2)},${newPrice.toFixed(2)}`);
  await ownerContext.close();
});
