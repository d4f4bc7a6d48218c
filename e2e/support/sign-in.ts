/**
 * Signing in, for every journey: the seeded demo accounts and the three ways a spec signs in — a
 * request context through next-auth's credentials endpoint (fast, the session cookie lands in its
 * jar), the login form as a person fills it in, and the Owner into the back office. Not a spec:
 * Playwright only runs *.spec.ts.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Who signs in: an e-mail address or user name, and the password. */
export type Credentials = { identifier: string; password: string };

/** The seeded Owner (db/seed.ts). */
export const ADMIN: Credentials = { identifier: 'admin@totarahome.test', password: 'Admin123!' };
/** The seeded demo customer (db/seed.ts). */
export const CUSTOMER: Credentials = { identifier: 'customer@totarahome.test', password: 'Customer123!' };

/**
 * Signs `request` (a page's `page.request`, or a context of its own) in through next-auth's
 * credentials endpoint, and checks that a session followed. Pages of the same context share it.
 */
export async function signIn(request: APIRequestContext, identifier: string, password: string): Promise<void> {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const res = await request.post('/api/auth/callback/credentials', { form: { csrfToken, identifier, password, json: 'true' } });
  expect(res.ok()).toBeTruthy();
  const session = (await (await request.get('/api/auth/session')).json()) as { user?: unknown } | null;
  expect(session?.user, `a session for ${identifier}`).toBeTruthy();
}

/** signIn with a pair of credentials (ADMIN, CUSTOMER or a new account's). */
export const signInAs = (request: APIRequestContext, who: Credentials) => signIn(request, who.identifier, who.password);

/** Fills the login form at /login and submits it; what follows is the caller's to check. */
export async function logIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logs the Owner in through the login form and waits for the back office's dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await logIn(page, ADMIN.identifier, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
}
