import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { POST as register } from '@/app/api/users/register/route';
import { POST as login } from '@/app/api/users/login/route';
import { db } from '@/db/client';
import { users } from '@/db/schema';
import { createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';
import { freshIp, signupBody } from '../support/accounts';

const post = (body: unknown, token?: string) => call(register, { method: 'POST', url: '/api/users/register', body, token });

describe('POST /api/users/register', () => {
  test('creates a customer and answers 201 with the user, never a password hash', async () => {
    const body = signupBody();
    const res = await post(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ user: { user_id: expect.any(Number), user_name: body.user_name, email: body.email, is_admin: false } });
    expect(JSON.stringify(res.body)).not.toMatch(/argon|hash|password/i);
    const [row] = await db.select().from(users).where(eq(users.id, res.body.user.user_id));
    expect(row.isAdmin).toBe(false);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  test('the new account can log in with its password', async () => {
    const body = signupBody();
    await post(body);
    const res = await call(login, { method: 'POST', url: '/api/users/login', headers: { 'x-forwarded-for': freshIp() }, body: { identifier: body.user_name, password: body.password } });
    expect(res.status).toBe(200);
    expect(res.body.token).toBeTruthy();
  });

  test('ignores is_admin in the body: sign-up never makes an administrator', async () => {
    const res = await post(signupBody({ is_admin: true }));
    expect(res.status).toBe(201);
    expect(res.body.user.is_admin).toBe(false);
  });

  test('stores the email in lower case', async () => {
    const body = signupBody();
    const res = await post({ ...body, email: body.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(body.email.toLowerCase());
  });

  test('answers 409 for a username taken in another letter case', async () => {
    const first = signupBody();
    expect((await post(first)).status).toBe(201);
    const res = await post(signupBody({ user_name: first.user_name.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Username or email already exists');
  });

  test('answers 409 for an email taken in another letter case', async () => {
    const existing = await createUser({ email: `Mixed.Case.${Date.now()}@Example.test` });
    const res = await post(signupBody({ email: existing.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Username or email already exists');
  });

  test('concurrent sign-ups with the same email: exactly one wins, the others get 409', async () => {
    const email = `race_${Date.now()}@example.test`;
    const results = await Promise.all([0, 1, 2].map((i) => post(signupBody({ email: i === 1 ? email.toUpperCase() : email }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(sql`lower(${users.email})`, email));
    expect(n).toBe(1);
  });

  test.each([
    ['a missing username', { user_name: undefined }, 'Username is required.'],
    ['a too short username', { user_name: 'ab' }, 'at least 3'],
    ['a too long username', { user_name: 'a'.repeat(33) }, 'at most 32'],
    ['a username with spaces', { user_name: 'two words' }, 'letters, digits'],
    ['a bad email', { email: 'not-an-email' }, 'valid email'],
    ['a too long email', { email: `${'a'.repeat(250)}@example.test` }, 'at most 254'],
    ['a missing password', { password: undefined }, 'Password is required.'],
    ['a short password', { password: 'short' }, 'at least 8'],
    ['a too long password', { password: 'p'.repeat(129) }, 'at most 128'],
    ['a non-string email', { email: 42 }, 'Email'],
  ])('answers 400 with a message for %s', async (_label, override, message) => {
    const res = await post(signupBody(override));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  test('answers 400 for an empty or malformed body', async () => {
    expect((await post({})).status).toBe(400);
    expect((await post('{oops')).status).toBe(400);
  });

  test('a signed-in customer or admin registering creates a separate customer account', async () => {
    const admin = await createUser({ isAdmin: true });
    const res = await post(signupBody(), await tokenFor(admin));
    expect(res.status).toBe(201);
    expect(res.body.user.user_id).not.toBe(admin.id);
    expect(res.body.user.is_admin).toBe(false);
  });
});
