import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { POST as login } from '@/app/api/users/login/route';
import { PUT as changePassword } from '@/app/api/users/profile/change-password/route';
import { GET, PUT } from '@/app/api/users/profile/route';
import { GET as listAddresses } from '@/app/api/users/addresses/route';
import { db } from '@/db/client';
import { users } from '@/db/schema';
import { TEST_PASSWORD, createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';
import { freshIp, sessionCookieFor } from '../support/accounts';

const profileBody = (u: { userName: string; email: string }, extra: Record<string, unknown> = {}) => ({ user_name: u.userName, email: u.email, ...extra });

describe('GET /api/users/profile', () => {
  test('a visitor gets 401', async () => {
    const res = await call(GET, { url: '/api/users/profile' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });

  test('a customer sees their own profile (bearer token)', async () => {
    const user = await createUser();
    const res = await call(GET, { url: '/api/users/profile', token: await tokenFor(user) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user_id: user.id, user_name: user.userName, email: user.email, is_admin: false, first_name: null, last_name: null, phone_number: null });
  });

  test('the browser session cookie works too; an admin sees is_admin true', async () => {
    const admin = await createUser({ isAdmin: true });
    const res = await call(GET, { url: '/api/users/profile', headers: { cookie: await sessionCookieFor(admin) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user_id: admin.id, is_admin: true });
  });

  test('a deactivated account’s token gets 401', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    expect((await call(GET, { url: '/api/users/profile', token })).status).toBe(401);
  });
});

describe('PUT /api/users/profile', () => {
  test('updates username, email, names and phone', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const body = { user_name: `renamed_${user.id}`, email: `Renamed_${user.id}@Example.test`, first_name: 'Aroha', last_name: 'Ngata', phone_number: '+64 9 555 0100' };
    const res = await call(PUT, { method: 'PUT', url: '/api/users/profile', token, body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user_id: user.id, user_name: body.user_name, email: body.email.toLowerCase(), is_admin: false, first_name: 'Aroha', last_name: 'Ngata', phone_number: '+64 9 555 0100' });
    expect((await call(GET, { url: '/api/users/profile', token })).body).toEqual(res.body);
  });

  test('absent optional fields stay, empty ones are cleared', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    await call(PUT, { method: 'PUT', url: '/api/users/profile', token, body: profileBody(user, { first_name: 'Sam', last_name: 'Taylor', phone_number: '021 555 0100' }) });
    const res = await call(PUT, { method: 'PUT', url: '/api/users/profile', token, body: profileBody(user, { last_name: '', phone_number: null }) });
    expect(res.body).toMatchObject({ first_name: 'Sam', last_name: null, phone_number: null });
  });

  test('keeping one’s own username and email in another case is allowed', async () => {
    const user = await createUser();
    const res = await call(PUT, { method: 'PUT', url: '/api/users/profile', token: await tokenFor(user), body: { user_name: user.userName.toUpperCase(), email: user.email.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.body.user_name).toBe(user.userName.toUpperCase());
  });

  test('answers 409 when another account uses the username or email in any case, and changes nothing', async () => {
    const user = await createUser();
    const other = await createUser();
    const token = await tokenFor(user);
    const byName = await call(PUT, { method: 'PUT', url: '/api/users/profile', token, body: { user_name: other.userName.toUpperCase(), email: user.email } });
    expect(byName.status).toBe(409);
    expect(byName.body.message).toBe('Username or email already exists');
    const byEmail = await call(PUT, { method: 'PUT', url: '/api/users/profile', token, body: { user_name: user.userName, email: other.email.toUpperCase(), first_name: 'Changed' } });
    expect(byEmail.status).toBe(409);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ userName: user.userName, email: user.email, firstName: null });
  });

  test.each([
    ['a missing username', { user_name: undefined }],
    ['a missing email', { email: undefined }],
    ['a bad email', { email: 'nope' }],
    ['a too long username', { user_name: 'u'.repeat(33) }],
    ['a too long first name', { first_name: 'f'.repeat(101) }],
    ['a too long phone', { phone_number: '1'.repeat(41) }],
    ['letters in the phone', { phone_number: 'call me maybe' }],
  ])('answers 400 for %s', async (_label, override) => {
    const user = await createUser();
    const res = await call(PUT, { method: 'PUT', url: '/api/users/profile', token: await tokenFor(user), body: { ...profileBody(user), ...override } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });

  test('a visitor gets 401', async () => {
    expect((await call(PUT, { method: 'PUT', url: '/api/users/profile', body: { user_name: 'someone', email: 'a@b.test' } })).status).toBe(401);
  });

  test('cannot make oneself an administrator', async () => {
    const user = await createUser();
    const res = await call(PUT, { method: 'PUT', url: '/api/users/profile', token: await tokenFor(user), body: profileBody(user, { is_admin: true }) });
    expect(res.status).toBe(200);
    expect(res.body.is_admin).toBe(false);
  });
});

describe('PUT /api/users/profile/change-password', () => {
  const put = (body: unknown, opts: { token?: string; cookie?: string } = {}) =>
    call(changePassword, { method: 'PUT', url: '/api/users/profile/change-password', token: opts.token, headers: opts.cookie ? { cookie: opts.cookie } : undefined, body });
  const loginWith = (identifier: string, password: string) =>
    call(login, { method: 'POST', url: '/api/users/login', headers: { 'x-forwarded-for': freshIp() }, body: { identifier, password } });

  test('changes the password: the old one stops working, the new one logs in', async () => {
    const user = await createUser();
    const res = await put({ newPassword: 'A-brand-new-pass', currentPassword: TEST_PASSWORD }, { token: await tokenFor(user) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password changed successfully!');
    expect((await loginWith(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await loginWith(user.email, 'A-brand-new-pass')).status).toBe(200);
  });

  test('every other token and session cookie stops working; the one that made the change stays signed in', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const otherDevice = await tokenFor(user);
    const cookie = await sessionCookieFor(user);
    const res = await put({ newPassword: 'A-brand-new-pass', currentPassword: TEST_PASSWORD }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password changed successfully!' });
    expect((await call(GET, { url: '/api/users/profile', token: otherDevice })).status).toBe(401);
    expect((await call(listAddresses, { url: '/api/users/addresses', headers: { cookie } })).status).toBe(401);
    expect((await call(GET, { url: '/api/users/profile', token })).status).toBe(200);
  });

  test('requires the current password: missing → 400; wrong → 400 "not correct", still signed in, nothing changes; right → 200', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const cookie = await sessionCookieFor(user);
    const missing = await put({ newPassword: 'A-brand-new-pass' }, { token });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Please enter your current password\./);
    const wrong = await call(changePassword, { method: 'PUT', url: '/api/users/profile/change-password', headers: { cookie, origin: 'http://localhost:3000' }, body: { newPassword: 'A-brand-new-pass', currentPassword: 'not-my-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Your current password is not correct.', code: 'bad_request', field: 'currentPassword' });
    // The session that mistyped is not ended, and the password is the old one.
    expect((await call(listAddresses, { url: '/api/users/addresses', headers: { cookie } })).status).toBe(200);
    expect((await call(GET, { url: '/api/users/profile', token })).status).toBe(200);
    expect((await loginWith(user.userName, TEST_PASSWORD)).status).toBe(200);
    const right = await put({ newPassword: 'A-brand-new-pass', currentPassword: TEST_PASSWORD }, { token });
    expect(right.status).toBe(200);
  });

  test('a new password equal to the current one → 400 with a clear message, and nothing changes', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const same = await put({ newPassword: TEST_PASSWORD, currentPassword: TEST_PASSWORD }, { token });
    expect(same.status).toBe(400);
    expect(same.body.message).toContain('Your new password must be different from your current password.');
    // No token version bump: the token still works.
    expect((await call(GET, { url: '/api/users/profile', token })).status).toBe(200);
  });

  test.each([
    ['a missing newPassword', { currentPassword: TEST_PASSWORD }],
    ['a short newPassword', { newPassword: 'short', currentPassword: TEST_PASSWORD }],
    ['a too long newPassword', { newPassword: 'x'.repeat(129), currentPassword: TEST_PASSWORD }],
    ['a non-string newPassword', { newPassword: 123456789, currentPassword: TEST_PASSWORD }],
  ])('answers 400 for %s and changes nothing', async (_label, body) => {
    const user = await createUser();
    const token = await tokenFor(user);
    const res = await put(body, { token });
    expect(res.status).toBe(400);
    expect((await call(GET, { url: '/api/users/profile', token })).status).toBe(200);
  });

  test('a visitor gets 401', async () => {
    expect((await put({ newPassword: 'A-brand-new-pass', currentPassword: TEST_PASSWORD })).status).toBe(401);
  });

  test('changing one user’s password leaves other users signed in', async () => {
    const user = await createUser();
    const other = await createUser();
    const otherToken = await tokenFor(other);
    await put({ newPassword: 'A-brand-new-pass', currentPassword: TEST_PASSWORD }, { token: await tokenFor(user) });
    expect((await call(GET, { url: '/api/users/profile', token: otherToken })).status).toBe(200);
  });

  test('wrong current passwords count against the login limit: past it, 429 even with the right one', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    for (let i = 0; i < 5; i++) expect((await put({ newPassword: 'A-brand-new-pass', currentPassword: `wrong-${i}` }, { token })).status).toBe(400);
    expect((await put({ newPassword: 'A-brand-new-pass', currentPassword: TEST_PASSWORD }, { token })).status).toBe(429);
  });
});
