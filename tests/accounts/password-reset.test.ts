/**
 * "Forgot password?" (docs/accounts-and-security.md): POST /api/users/password-reset e-mails a
 * single-use link through the outbox (token stored hashed, 30 minutes, the same answer for known and
 * unknown addresses, rate-limited like login); POST /api/users/password-reset/confirm sets the new
 * password and ends every session and token of the account.
 */
import crypto from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { POST as login } from '@/app/api/users/login/route';
import { POST as requestReset } from '@/app/api/users/password-reset/route';
import { POST as confirmReset } from '@/app/api/users/password-reset/confirm/route';
import { GET as profile } from '@/app/api/users/profile/route';
import { db } from '@/db/client';
import { outboxMessages, passwordResetTokens, users } from '@/db/schema';
import { RESET_REQUESTED } from '@/lib/accounts/password-reset';
import { renderMail } from '@/lib/mail/templates';
import { TEST_PASSWORD, createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';
import { freshIp, sessionCookieFor } from '../support/accounts';

const ask = (email: string, ip = freshIp()) => call(requestReset, { method: 'POST', url: '/api/users/password-reset', headers: { 'x-forwarded-for': ip }, body: { email } });
const confirm = (token: string, newPassword = 'A-fresh-password-1') => call(confirmReset, { method: 'POST', url: '/api/users/password-reset/confirm', body: { token, newPassword } });
const loginWith = (identifier: string, password: string) => call(login, { method: 'POST', url: '/api/users/login', headers: { 'x-forwarded-for': freshIp() }, body: { identifier, password } });

/** The reset e-mails written for an address, newest first. */
const resetMails = (email: string) => db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email)).orderBy(desc(outboxMessages.id));
/** The token of the newest reset link e-mailed to the address, read from the message as the customer would. */
async function linkToken(email: string): Promise<string> {
  const [mail] = await resetMails(email);
  const url = new URL(String(mail.payload.resetUrl));
  expect(url.pathname).toBe('/reset-password');
  return url.searchParams.get('token')!;
}

describe('POST /api/users/password-reset', () => {
  test('a known address: the same answer as an unknown one, and a reset e-mail in the outbox whose link token is stored only as its hash, valid 30 minutes', async () => {
    const user = await createUser();
    const known = await ask(user.email.toUpperCase());
    const unknown = await ask(`nobody-${crypto.randomUUID()}@example.test`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: RESET_REQUESTED });
    expect(unknown.body).toEqual(known.body);

    const [mail] = await resetMails(user.email);
    expect(mail).toMatchObject({ template: 'password-reset', subject: 'Totara Home: reset your password', status: 'pending' });
    const token = await linkToken(user.email);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 random bits
    const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(row.tokenHash).not.toContain(token);
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThan(30.1);
    const { html, text } = await renderMail(mail.template, mail.payload);
    for (const body of [html, text]) expect(body).toContain('30 minutes');
    expect(text).toContain(`/reset-password?token=${token}`);
  });

  test('rate-limited like login: the sixth request for one address in 15 minutes is 429, known or not', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await ask(user.email)).status).toBe(200);
    expect((await ask(user.email)).status).toBe(429);
    const stranger = `nobody-${crypto.randomUUID()}@example.test`;
    for (let i = 0; i < 5; i++) expect((await ask(stranger)).status).toBe(200);
    expect((await ask(stranger)).status).toBe(429);
  });

  test('400 for something that is not an e-mail address; a deactivated account gets no e-mail', async () => {
    expect((await ask('not-an-address')).status).toBe(400);
    const gone = await createUser();
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await ask(gone.email)).body).toEqual({ message: RESET_REQUESTED });
    expect(await resetMails(gone.email)).toHaveLength(0);
  });
});

describe('POST /api/users/password-reset/confirm', () => {
  test('the link sets the new password once; every session and token of the account ends; the old password stops working', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const cookie = await sessionCookieFor(user);
    await ask(user.email);
    const linkToken_ = await linkToken(user.email);

    const done = await confirm(linkToken_);
    expect(done.status).toBe(200);
    expect((await call(profile, { url: '/api/users/profile', token })).status).toBe(401);
    expect((await call(profile, { url: '/api/users/profile', headers: { cookie } })).status).toBe(401);
    expect((await loginWith(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await loginWith(user.email, 'A-fresh-password-1')).status).toBe(200);

    const again = await confirm(linkToken_, 'Yet-another-pass-2');
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid, has expired or has already been used/);
    expect((await loginWith(user.email, 'A-fresh-password-1')).status).toBe(200);
  });

  test('an expired link, an older link after a newer request, and a made-up token are refused (400) and change nothing', async () => {
    const user = await createUser();
    await ask(user.email);
    const older = await linkToken(user.email);
    await ask(user.email);
    const newer = await linkToken(user.email);
    expect(newer).not.toBe(older);
    expect((await confirm(older)).status).toBe(400);
    expect((await confirm('made-up-token')).status).toBe(400);
    await db.update(passwordResetTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(passwordResetTokens.userId, user.id));
    expect((await confirm(newer)).status).toBe(400);
    expect((await loginWith(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  test('400 for a too-short new password, and the link still works afterwards', async () => {
    const user = await createUser();
    await ask(user.email);
    const t = await linkToken(user.email);
    expect((await confirm(t, 'short')).status).toBe(400);
    expect((await confirm(t)).status).toBe(200);
  });
});
