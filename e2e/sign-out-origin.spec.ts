/**
 * Logout lands on the shop the shopper is using: e2e/serve.sh leaves NEXTAUTH_URL
 * unset, as `npm run shop` does, and serves on 127.0.0.1:<port> — not next-auth's default
 * http://localhost:3000.
 */
import { expect, test } from '@playwright/test';
import { CUSTOMER, signInAs } from './support/sign-in';

test('a customer who logs out stays on this host and port, on the home page', async ({ page, baseURL }) => {
  await signInAs(page.request, CUSTOMER);
  await page.goto('/profile');
  await page.getByTestId('site-header').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByTestId('site-header').getByRole('link', { name: /log ?in/i }).first()).toBeVisible();
});
