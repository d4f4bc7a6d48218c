import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';

// Passkeys (docs/accounts-and-security.md "Passkeys", "Staff and two-factor sign-in") with
// Chromium's virtual authenticator (CDP WebAuthn domain). Browsers refuse an IP address as a
// WebAuthn relying party, so these journeys open the shop as http://localhost (a secure context),
// not the 127.0.0.1 of playwright.config.ts; the origin header of set-up calls follows.
const port = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${port}`;
test.use({ baseURL: ORIGIN, extraHTTPHeaders: { origin: ORIGIN } });

const ADMIN = { identifier: 'admin@totarahome.test', password: 'Admin123!' };
const PASSWORD = 'Owner-pass-2026';

/** A platform authenticator that holds discoverable credentials and verifies the person (Touch ID, Windows Hello). */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

/** A new Owner made by the seeded administrator (whose own sign-in every other journey uses). */
async function newOwner(request: APIRequestContext, adminToken: string) {
  const id = crypto.randomBytes(3).toString('hex');
  const owner = { username: `owner_${id}`, email: `owner_${id}@example.test`, password: PASSWORD };
  const created = await request.post('/api/admins', { data: owner, headers: { authorization: `Bearer ${adminToken}` } });
  expect(created.status()).toBe(201);
  return owner;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/users/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  return (await login.json()).token;
}

async function passwordStep(page: Page, identifier: string) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.goto('/profile');
  await page.getByTestId('site-header').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Profile → Security → Add a passkey, named `name`; the first one brings recovery codes. */
async function addPasskey(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const form = page.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Passkey name').fill(name);
  await form.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText(name)).toBeVisible();
}

test('a staff member adds a passkey in Profile → Security, then signs in with it alone and as the second step after the password', async ({ page, request }) => {
  test.setTimeout(120_000);
  await addVirtualAuthenticator(page);
  const owner = await newOwner(request, await adminToken(request));

  await passwordStep(page, owner.email);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/profile#security');
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await addPasskey(page, 'Work laptop');
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Not used yet');
  const axe = await new AxeBuilder({ page }).include('#security').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await logOut(page);

  // "Sign in with a passkey": no user name, no password.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/profile#security');
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Last used');
  await logOut(page);

  // With a passkey, the password alone no longer signs in: the passkey is the second step.
  await passwordStep(page, owner.username);
  const second = page.getByRole('form', { name: 'Two-factor sign-in' });
  await expect(second).toBeVisible();
  await second.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page).toHaveURL(/\/admin/);

  // Removing the passkey needs the password; then the password alone signs in again.
  await page.goto('/profile#security');
  await page.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
  const remove = page.getByRole('form', { name: 'Remove passkey Work laptop' });
  await remove.getByLabel('Password', { exact: true }).fill('not-the-password');
  await remove.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(remove.getByText('Your password is not correct.')).toBeVisible();
  await remove.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await remove.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
});

test('with "staff must use two-factor sign-in" on, a staff member without it is sent to set it up before any back-office page, and staff calls answer 403', async ({ page, request }) => {
  test.setTimeout(120_000);
  await addVirtualAuthenticator(page);
  const admin = await adminToken(request);
  // An Owner with TOTP turns the setting on, and off again whatever happens (the demo shop has it off).
  const keeper = await newOwner(request, admin);
  const keeperToken = (await (await request.post('/api/users/login', { data: { identifier: keeper.email, password: PASSWORD } })).json()).token as string;
  const auth = { authorization: `Bearer ${keeperToken}` };
  const secret = (await (await request.post('/api/users/profile/two-factor', { headers: auth })).json()).secret as string;
  expect((await request.post('/api/users/profile/two-factor/confirm', { headers: auth, data: { code: await generate({ secret }) } })).ok()).toBe(true);
  const newcomer = await newOwner(request, admin);
  expect((await request.put('/api/settings', { headers: auth, data: { staff_two_factor_required: true } })).ok()).toBe(true);
  try {
    await passwordStep(page, newcomer.email);
    await expect(page).toHaveURL(/\/profile\?two-factor=required/);
    await expect(page.getByText('Set up two-factor sign-in to open the back office.')).toBeVisible();
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/profile\?two-factor=required/);
    const refused = await page.request.post('/api/brands', { data: { name: `Brand ${crypto.randomBytes(3).toString('hex')}`, description: 'Kauri' } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe('Set up two-factor sign-in before using the back office.');

    // A passkey set up, the back office opens.
    await addPasskey(page, 'Showroom PC');
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/admin\/order/);
  } finally {
    expect((await request.put('/api/settings', { headers: auth, data: { staff_two_factor_required: false } })).ok()).toBe(true);
  }
});
