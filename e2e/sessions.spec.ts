/**
 * Signed-in devices (docs/accounts-and-security.md "Sessions"): a customer signed in on three
 * browsers signs one out from Profile → Security, then all the others, and each of them is signed
 * out on its next page; an Owner changing a staff member's roles signs that staff member's open
 * back office out.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './support/sign-in';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('a customer signs another browser out from Profile → Security, then every other one; each is signed out on its next page', async ({ page, browser }) => {
  const id = `devices${Date.now().toString(36)}`;
  const email = `${id}@example.test`;
  const password = 'Devices-pass-123';
  expect((await page.request.post('/api/users/register', { data: { user_name: id, email, password } })).ok()).toBeTruthy();
  await signIn(page.request, email, password);

  const laptop = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
  const phone = await browser.newContext({ userAgent: SAFARI_IPHONE });
  try {
    const laptopPage = await laptop.newPage();
    const phonePage = await phone.newPage();
    await signIn(laptopPage.request, email, password);
    await signIn(phonePage.request, email, password);
    await laptopPage.goto('/profile');
    await expect(laptopPage.getByRole('heading', { name: 'Your profile' })).toBeVisible();
    await expect(laptopPage.getByText('Please log in to view your profile')).toHaveCount(0);

    await page.goto('/profile#security');
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByTestId('signed-in-device')).toHaveCount(3);
    await expect(devices.getByTestId('signed-in-device').first()).toContainText('This device');
    const accessibility = await new AxeBuilder({ page }).include('#security').analyze();
    expect(accessibility.violations).toEqual([]);

    await devices.getByTestId('signed-in-device').filter({ hasText: 'Firefox on Windows' }).getByRole('button', { name: /^Sign out/ }).click();
    await expect(page.getByText('Signed out Firefox on Windows.')).toBeVisible();
    await expect(devices.getByTestId('signed-in-device')).toHaveCount(2);

    await laptopPage.goto('/profile');
    await expect(laptopPage.getByText('Please log in to view your profile')).toBeVisible();
    await phonePage.goto('/profile');
    await expect(phonePage.getByText('Please log in to view your profile')).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign out all other devices' }).click();
    await expect(page.getByText('Signed out 1 other device.')).toBeVisible();
    await phonePage.goto('/profile');
    await expect(phonePage.getByText('Please log in to view your profile')).toBeVisible();

    // This browser stays signed in.
    await page.goto('/profile');
    await expect(page.getByRole('list', { name: 'Signed-in devices' }).getByTestId('signed-in-device')).toHaveCount(1);
  } finally {
    await laptop.close();
    await phone.close();
  }
});

test('an Owner changes a staff member’s roles; the staff member’s open back office is signed out', async ({ page, browser }) => {
  await signIn(page.request, ADMIN.identifier, ADMIN.password);
  const name = `clerk${Date.now().toString(36)}`;
  const added = await page.request.post('/api/admins', { data: { username: name, email: `${name}@example.test`, password: 'Clerk-pass-123' } });
  expect(added.status()).toBe(201);
  const staffId = ((await added.json()) as { id: number }).id;
  const roles = (await (await page.request.get('/api/roles')).json()) as { id: number; name: string }[];
  const roleId = (roleName: string) => roles.find((r) => r.name === roleName)!.id;
  expect((await page.request.put(`/api/users/${staffId}/roles`, { data: { role_ids: [roleId('Warehouse/fulfilment')] } })).status()).toBe(200);

  const context = await browser.newContext();
  try {
    const staff = await context.newPage();
    await signIn(staff.request, `${name}@example.test`, 'Clerk-pass-123');
    await staff.goto('/admin/order');
    await expect(staff.getByRole('navigation').first().getByRole('link', { name: 'Order Management' })).toBeVisible();

    expect((await page.request.put(`/api/users/${staffId}/roles`, { data: { role_ids: [roleId('Warehouse/fulfilment'), roleId('Catalogue editor')] } })).status()).toBe(200);

    await staff.reload();
    await expect(staff).toHaveURL(/\/login\?next=%2Fadmin/);
    await expect(staff.getByRole('navigation').first().getByRole('link', { name: 'Order Management' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
