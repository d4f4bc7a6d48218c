import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { POST as login } from '@/app/api/users/login/route';
import { GET as getProfile } from '@/app/api/users/profile/route';
import { db } from '@/db/client';
import { rateLimits, userSessions, users } from '@/db/schema';
import { INVALID_CREDENTIALS } from '@/lib/accounts/authenticate';
import { TOO_MANY_LOGIN_ATTEMPTS, loginKeys } from '@/lib/accounts/login';
import { getAuthOptions } from '@/lib/accounts/auth-options';
import { hit, pruneExpired } from '@/lib/server/rate-limit';
import { TEST_PASSWORD, createUser } from '../support/factories';
import { call } from '../support/http';
import { freshIp } from '../support/accounts';

const post = (body: unknown, ip = freshIp()) => call(login, { method: 'POST', url: '/api/users/login', headers: { 'x-forwarded-for': ip }, body });

/** Ends the current windows of these keys, as if 15 minutes had passed. */
async function expireWindows(...keys: string[]) {
  for (const key of keys) await db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` }).where(eq(rateLimits.key, key));
}

describe('POST /api/users/login', () => {
  test('logs in by email, in any case, and answers {token, user}', async () => {
    const user = await createUser();
    const res = await post({ identifier: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), user: { user_id: user.id, user_name: user.userName, email: user.email, is_admin: false } });
  });

  test('logs in by username; the token opens the user’s profile', async () => {
    const user = await createUser();
    const res = await post({ identifier: `  ${user.userName}  `, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const profile = await call(getProfile, { url: '/api/users/profile', token: res.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body.user_id).toBe(user.id);
  });

  test('an administrator gets is_admin true', async () => {
    const admin = await createUser({ isAdmin: true });
    const res = await post({ identifier: admin.userName, password: TEST_PASSWORD });
    expect(res.body.user.is_admin).toBe(true);
  });

  test('a wrong password and an unknown account give the same 401 message', async () => {
    const user = await createUser();
    const wrong = await post({ identifier: user.email, password: 'not-the-password' });
    const unknown = await post({ identifier: 'nobody-here@example.test', password: 'whatever-123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe(INVALID_CREDENTIALS);
  });

  test('a deactivated account cannot log in (same message as unknown)', async () => {
    const user = await createUser();
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    const res = await post({ identifier: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(INVALID_CREDENTIALS);
  });

  test.each([
    ['a missing identifier', { password: 'x' }],
    ['a missing password', { identifier: 'someone' }],
    ['a blank identifier', { identifier: '   ', password: 'x' }],
    ['a too long identifier', { identifier: 'a'.repeat(255), password: 'x' }],
    ['a too long password', { identifier: 'someone', password: 'p'.repeat(129) }],
    ['a non-string password', { identifier: 'someone', password: 12345678 }],
  ])('answers 400 for %s', async (_label, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });

  test('after 5 failures for one identifier answers 429, even with the right password, then recovers after the window', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await post({ identifier: user.email, password: `wrong-${i}` })).status).toBe(401);
    // Another client address and another letter case, the same account: still limited (per identifier).
    const limited = await post({ identifier: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY_LOGIN_ATTEMPTS);
    await expireWindows(loginKeys(user.email, 'x').identifier);
    expect((await post({ identifier: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  test('a successful login clears the identifier’s failures', async () => {
    const user = await createUser();
    for (let i = 0; i < 4; i++) await post({ identifier: user.email, password: 'wrong-pass' });
    expect((await post({ identifier: user.email, password: TEST_PASSWORD })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await post({ identifier: user.email, password: 'wrong-pass' })).status).toBe(401);
    expect((await post({ identifier: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  test('after 20 failures from one client address answers 429 for any account from there, not from elsewhere', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await post({ identifier: `ghost-${i}@example.test`, password: 'nope-nope' }, ip)).status).toBe(401);
    const user = await createUser();
    const res = await post({ identifier: user.email, password: TEST_PASSWORD }, ip);
    expect(res.status).toBe(429);
    expect((await post({ identifier: user.email, password: TEST_PASSWORD }, freshIp())).status).toBe(200);
    await expireWindows(loginKeys('', ip).address);
    expect((await post({ identifier: user.email, password: TEST_PASSWORD }, ip)).status).toBe(200);
  });

  test('the limits hold under concurrent attempts: at most 5 are checked per identifier', async () => {
    const user = await createUser();
    const results = await Promise.all(Array.from({ length: 8 }, () => post({ identifier: user.email, password: 'wrong-again' })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });

  test('the rate-limit table never stores the identifier itself', async () => {
    const user = await createUser();
    await post({ identifier: user.email, password: 'wrong-pass' });
    const rows = await db.select().from(rateLimits).where(like(rateLimits.key, 'login:id:%'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.key.includes(user.email))).toBe(false);
  });
});

describe('next-auth credentials sign-in (the browser login)', () => {
  type Authorize = (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<{ id: string; isAdmin: boolean; sid: string } | null>;
  const authorize = (() => {
    const provider = getAuthOptions().providers[0] as unknown as { options: { authorize: Authorize } };
    return provider.options.authorize;
  })();

  test('accepts email or username and returns the user with a new session of its own', async () => {
    const user = await createUser({ isAdmin: true });
    const byName = await authorize({ identifier: user.userName, password: TEST_PASSWORD }, { headers: { 'x-forwarded-for': freshIp() } });
    expect(byName).toMatchObject({ id: String(user.id), isAdmin: true, sid: expect.any(String) });
    const byEmail = await authorize({ identifier: user.email, password: TEST_PASSWORD }, { headers: { 'x-real-ip': freshIp() } });
    expect(byEmail?.id).toBe(String(user.id));
    expect(byEmail?.sid).not.toBe(byName?.sid);
    const rows = await db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(rows.map((r) => r.id).sort()).toEqual([byName?.sid, byEmail?.sid].sort());
    expect(rows.every((r) => r.kind === 'cookie')).toBe(true);
  });

  test('a wrong password throws the same message as the REST login', async () => {
    const user = await createUser();
    await expect(authorize({ identifier: user.email, password: 'wrong' }, { headers: { 'x-forwarded-for': freshIp() } })).rejects.toThrow(INVALID_CREDENTIALS);
  });

  test('shares the login limits with POST /api/users/login', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) await post({ identifier: user.email, password: 'wrong-pass' });
    await expect(authorize({ identifier: user.email, password: TEST_PASSWORD }, { headers: { 'x-forwarded-for': freshIp() } })).rejects.toThrow(TOO_MANY_LOGIN_ATTEMPTS);
  });

  test('refuses blank and over-long input with a message', async () => {
    await expect(authorize({ identifier: '', password: 'x' }, { headers: {} })).rejects.toThrow('Please enter your email or username.');
    await expect(authorize({ identifier: 'someone', password: 'p'.repeat(200) }, { headers: {} })).rejects.toThrow('at most 128');
  });
});

describe('rate-limit windows', () => {
  test('pruneExpired drops windows that ended more than a day ago and keeps the rest', async () => {
    await hit('test:old', 5, 60_000);
    await hit('test:current', 5, 60_000);
    await db.update(rateLimits).set({ resetAt: sql`now() - interval '2 days'` }).where(eq(rateLimits.key, 'test:old'));
    await pruneExpired();
    const keys = (await db.select().from(rateLimits).where(like(rateLimits.key, 'test:%'))).map((r) => r.key);
    expect(keys).toEqual(['test:current']);
  });

  test('hit starts a fresh window once the old one has ended', async () => {
    for (let i = 0; i < 3; i++) await hit('test:window', 2, 60_000);
    expect((await hit('test:window', 2, 60_000)).limited).toBe(true);
    await expireWindows('test:window');
    expect(await hit('test:window', 2, 60_000)).toMatchObject({ count: 1, limited: false });
  });
});
