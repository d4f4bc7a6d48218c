import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support/sign-in';

// Journeys through sign-up, login and the profile (spec §2 Login / Sign Up / Profile, §5, §6, §8).
// Runs on the production build, with the security headers and the CSP of next.config.ts.

const fresh = () => crypto.randomBytes(3).toString('hex');

/** Fails the test on any Content-Security-Policy violation the browser reports. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

test('a shopper signs up, edits the profile, adds an address and a contact, changes the password, logs out and logs in again', async ({ page }) => {
  const violations = watchCsp(page);
  const id = fresh();
  const userName = `kauri_${id}`;
  const email = `kauri_${id}@example.test`;

  // Sign up: the form checks the confirmation first, then the new customer is signed in and sent home.
  await page.goto('/signup');
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('First-pass-123');
  await page.getByLabel('Confirm password', { exact: true }).fill('Different-123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm password', { exact: true }).fill('First-pass-123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Log out and log in with the username.
  await page.goto('/profile');
  await page.getByTestId('site-header').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await expect(page.getByText('Please log in to view your profile')).toBeVisible();
  await logIn(page, userName, 'First-pass-123');
  await expect(page).toHaveURL(/\/$/);

  // Basic information.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  const basic = page.getByRole('form', { name: 'Basic information' });
  await basic.getByLabel('First name').fill('Hemi');
  await basic.getByLabel('Last name').fill('Kauri');
  await basic.getByLabel('Phone').fill('+64 21 555 0123');
  await basic.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  // A delivery address.
  await page.getByRole('button', { name: 'Add address' }).click();
  const addressForm = page.getByRole('form', { name: 'New delivery address' });
  await addressForm.getByRole('button', { name: 'Add address' }).click();
  await expect(addressForm.getByText('Street address is required.')).toBeVisible();
  await addressForm.getByLabel('First name').fill('Hemi');
  await addressForm.getByLabel('Last name').fill('Kauri');
  await addressForm.getByLabel('Street address').fill('12 Tory Street');
  await addressForm.getByLabel('City').fill('Wellington');
  await addressForm.getByLabel('Postal code').fill('6011');
  await addressForm.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('New delivery address added successfully!')).toBeVisible();
  await expect(page.getByTestId('address-card').filter({ hasText: '12 Tory Street' })).toContainText('Default');

  // A contact.
  await page.getByRole('button', { name: 'Add contact' }).click();
  const contactForm = page.getByRole('form', { name: 'New contact' });
  await contactForm.getByLabel('First name').fill('Anahera');
  await contactForm.getByLabel('Last name').fill('Kauri');
  await contactForm.getByLabel('Phone number').fill('027 555 0456');
  await contactForm.getByLabel('Email').fill(`anahera_${id}@example.test`);
  await contactForm.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByText('New contact added successfully!')).toBeVisible();
  await expect(page.getByTestId('contact-card')).toContainText('Anahera Kauri');

  // Both survive a reload (they were saved on the server).
  await page.reload();
  await expect(page.getByTestId('address-card')).toHaveCount(1);
  await expect(page.getByTestId('contact-card')).toHaveCount(1);
  await expect(page.getByRole('form', { name: 'Basic information' }).getByLabel('First name')).toHaveValue('Hemi');

  // Change the password: mismatch first, then a wrong current password (a clear 400, still signed
  // in), then the same password again (refused), then for real; this browser stays signed in.
  const pw = page.getByRole('form', { name: 'Change password' });
  await pw.getByLabel('Current password', { exact: true }).fill('Not-my-password');
  await pw.getByLabel('New password', { exact: true }).fill('Second-pass-456');
  await pw.getByLabel('Confirm new password', { exact: true }).fill('Second-pass-457');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(pw.getByText('Passwords do not match')).toBeVisible();
  await pw.getByLabel('Confirm new password', { exact: true }).fill('Second-pass-456');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(pw.getByText('Your current password is not correct.')).toBeVisible();
  await expect(page.getByText('Your session has expired')).toHaveCount(0);
  await pw.getByLabel('Current password', { exact: true }).fill('First-pass-123');
  await pw.getByLabel('New password', { exact: true }).fill('First-pass-123');
  await pw.getByLabel('Confirm new password', { exact: true }).fill('First-pass-123');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(pw.getByText('Your new password must be different from your current password.')).toBeVisible();
  await pw.getByLabel('New password', { exact: true }).fill('Second-pass-456');
  await pw.getByLabel('Confirm new password', { exact: true }).fill('Second-pass-456');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully!', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByText('Please log in to view your profile')).toHaveCount(0);

  // Log out; the old password no longer works, the new one does.
  await page.getByTestId('site-header').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, email, 'First-pass-123');
  await expect(page.getByTestId('form-message')).toHaveText('Invalid email/username or password.');
  await logIn(page, email, 'Second-pass-456');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await expect(page.getByTestId('address-card')).toContainText('12 Tory Street');

  expect(violations).toEqual([]);
});

test('removing a contact asks for confirmation first', async ({ page }) => {
  await logIn(page, 'demo', 'Customer123!');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add contact' }).click();
  const form = page.getByRole('form', { name: 'New contact' });
  const last = `Temp${fresh()}`;
  await form.getByLabel('First name').fill('Rua');
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('Phone number').fill('09 555 0000');
  await form.getByLabel('Email').fill(`rua_${fresh()}@example.test`);
  await form.getByRole('button', { name: 'Add contact' }).click();
  const card = page.getByTestId('contact-card').filter({ hasText: last });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: /Remove contact/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Are you sure you want to remove Rua ${last} from your contacts?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: /Remove contact/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Contact removed successfully!')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('login shows one message for a wrong password or an unknown account, and the password can be shown', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter your email or username.')).toBeVisible();
  await expect(page.getByText('Please enter your password.')).toBeVisible();

  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret-words');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await logIn(page, 'customer@totarahome.test', 'wrong-password');
  await expect(page.getByTestId('form-message')).toHaveText('Invalid email/username or password.');
  await logIn(page, `nobody_${fresh()}@example.test`, 'wrong-password');
  await expect(page.getByTestId('form-message')).toHaveText('Invalid email/username or password.');
  await expect(page.locator('#main').getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/signup');
});

test('sign-up with a taken username (another letter case) says so', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Username').fill('DEMO');
  await page.getByLabel('Email', { exact: true }).fill(`someone_${fresh()}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('Perfectly-fine-1');
  await page.getByLabel('Confirm password', { exact: true }).fill('Perfectly-fine-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByTestId('form-message')).toHaveText('Username or email already exists');
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
});

test('a visitor is asked to log in: /cart goes to /login and comes back after logging in', async ({ page }) => {
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login\?next=%2Fcart$/);
  await page.getByLabel('Email or Username').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('Customer123!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test('/register leads to the sign-up page', async ({ page }) => {
  await page.goto('/register');
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

test('an administrator lands on /admin after logging in', async ({ page }) => {
  await logIn(page, 'admin@totarahome.test', 'Admin123!');
  await expect(page).toHaveURL(/\/admin$/);
});

// Needs the admin layout's guard (requirePageAdmin, another branch): until that is merged, /admin
// does not exist on this branch and this journey fails.
test('a customer opening /admin lands on the home page', async ({ page }) => {
  await logIn(page, 'demo', 'Customer123!');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
});

test('pages carry the security headers and hydrate under the CSP', async ({ page }) => {
  const violations = watchCsp(page);
  const res = await page.goto('/login');
  const headers = res!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toBeUndefined();
  // Client-side validation only works once React has hydrated.
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  expect(violations).toEqual([]);
});
