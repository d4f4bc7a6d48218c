import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN, logIn } from './support/sign-in';

// Two-factor sign-in (docs/accounts-and-security.md "Two-factor sign-in"): a new administrator —
// made by the seeded one, so the seeded administrator's sign-in used by every other journey stays
// one step — turns TOTP on in Profile → Security, signs out, and signs in with password + code; a
// reused code fails, a recovery code works once. Codes are computed here as the phone would.

const PASSWORD = 'Owner-pass-2026';
const INVALID = 'Invalid email/username or password.';

/** The code an authenticator app shows, its clock `steps` 30-second steps ahead. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function passwordStep(page: Page, identifier: string) {
  await logIn(page, identifier, PASSWORD);
  await expect(page.getByRole('form', { name: 'Two-factor sign-in' })).toBeVisible();
}

async function codeStep(page: Page, code: string) {
  const form = page.getByRole('form', { name: 'Two-factor sign-in' });
  await form.getByLabel('Code').fill(code);
  await form.getByRole('button', { name: 'Verify and log in' }).click();
}

async function logOut(page: Page) {
  await page.goto('/profile');
  await page.getByTestId('site-header').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('an administrator turns on two-factor sign-in, then signs in with password and code; a reused code fails, a recovery code works once', async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = crypto.randomBytes(3).toString('hex');
  const owner = { username: `owner_${id}`, email: `owner_${id}@example.test`, password: PASSWORD };
  const login = await request.post('/api/users/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const created = await request.post('/api/admins', { data: owner, headers: { authorization: `Bearer ${(await login.json()).token}` } });
  expect(created.status()).toBe(201);

  // Without two-factor sign-in the password alone signs in, as for everyone.
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin/);

  // Profile → Security: the QR code and the key, a first code, the recovery codes once.
  await page.goto('/profile#security');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const setup = page.getByRole('form', { name: 'Set up an authenticator app' });
  await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await setup.getByTestId('totp-secret').getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect((await setup.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')).toBe(secret);
  await setup.getByLabel('6-digit code').fill('000000' === (await codeAt(secret)) ? '111111' : '000000');
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByText('That code is not correct. Please try again.')).toBeVisible();
  await setup.getByLabel('6-digit code').fill(await codeAt(secret));
  await setup.getByRole('button', { name: 'Turn on' }).click();
  const codesList = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codesList.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await codesList.getByRole('listitem').allTextContents();
  const axe = await new AxeBuilder({ page }).include('#security').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText('10 recovery codes are left.')).toBeVisible();
  await logOut(page);

  // Password, then a code: the phone's clock a step ahead (the enrolment code's step is used up).
  await passwordStep(page, owner.email);
  const code = await codeAt(secret, 1);
  await codeStep(page, code);
  await expect(page).toHaveURL(/\/admin/);
  await logOut(page);

  // The same code again: refused, with the wrong-password message, and no session.
  await passwordStep(page, owner.username);
  await codeStep(page, code);
  await expect(page.getByText(INVALID)).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Please log in to view your profile')).toBeVisible();

  // A recovery code signs in once.
  await passwordStep(page, owner.email);
  await codeStep(page, recoveryCodes[0]!);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/profile#security');
  await expect(page.getByText('9 recovery codes are left.')).toBeVisible();
  await logOut(page);
  await passwordStep(page, owner.email);
  await codeStep(page, recoveryCodes[0]!);
  await expect(page.getByText(INVALID)).toBeVisible();

  // Another recovery code, then turning it off needs the password and a code.
  await codeStep(page, recoveryCodes[1]!);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/profile#security');
  const off = page.getByRole('form', { name: 'Turn off two-factor sign-in' });
  await off.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await off.getByLabel('Code').fill(recoveryCodes[2]!);
  await off.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(page.getByText('No authenticator app is set up.')).toBeVisible();
});
