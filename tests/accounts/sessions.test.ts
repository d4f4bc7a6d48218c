/**
 * Signed-in devices (docs/accounts-and-security.md "Sessions"): every session cookie and bearer
 * token is a session of its own; a password change ends the others at once, a change of a staff
 * member's roles or the account's removal ends all of theirs; Profile → Security's API lists the
 * caller's own devices and signs one or all the others out.
 */
import { generate } from 'otplib';
import { describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { roles, userSessions } from '@/db/schema';
import { POST as login } from '@/app/api/users/login/route';
import { GET as profile } from '@/app/api/users/profile/route';
import { PUT as changePassword } from '@/app/api/users/profile/change-password/route';
import * as sessionsRoute from '@/app/api/users/profile/sessions/route';
import { POST as startTwoFactor } from '@/app/api/users/profile/two-factor/route';
import { POST as confirmTwoFactor } from '@/app/api/users/profile/two-factor/confirm/route';
import * as sessionRoute from '@/app/api/users/profile/sessions/[id]/route';
import * as staffRolesRoute from '@/app/api/users/[id]/roles/route';
import * as adminRoute from '@/app/api/admins/[id]/route';
import * as userRoute from '@/app/api/users/[id]/route';
import { POST as closeMine } from '@/app/api/profile/close/route';
import { getAuthOptions } from '@/lib/accounts/auth-options';
import { deviceName } from '@/lib/accounts/user-sessions';
import { LAST_SEEN_STEP_MS, startSession } from '@/lib/auth/sessions';
import { createOrder } from '../support/admin-ops';
import { TEST_CLIENT, TEST_PASSWORD, createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';
import { freshIp } from '../support/accounts';
import { SHOP_ORIGIN, sessionCookieFor } from '../support/session-cookie';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const signedIn = async (auth: { token?: string; cookie?: string }) =>
  (await call(profile, { url: '/api/users/profile', token: auth.token, headers: auth.cookie ? { cookie: auth.cookie } : undefined })).status === 200;
const list = (token: string) => call(sessionsRoute.GET, { url: '/api/users/profile/sessions', token });
const signOutDevice = (token: string, id: string) => call(sessionRoute.DELETE, { method: 'DELETE', url: `/api/users/profile/sessions/${id}`, params: { id }, token });
const roleId = async (name: string) => (await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)))[0].id;
const sessionsOf = (userId: number) => db.$count(userSessions, eq(userSessions.userId, userId));

describe('GET /api/users/profile/sessions', () => {
  test('lists the account’s own devices, this one first and marked, with a readable device name and address', async () => {
    const user = await createUser();
    const address = freshIp();
    const signIn = await call(login, { method: 'POST', url: '/api/users/login', body: { identifier: user.email, password: TEST_PASSWORD }, headers: { 'x-forwarded-for': address, 'user-agent': FIREFOX_WINDOWS } });
    expect(signIn.status).toBe(200);
    await sessionCookieFor(user);
    await tokenFor(await createUser()); // someone else's device

    const res = await list(signIn.body.token);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({ kind: 'token', device: 'Firefox on Windows', address, current: true });
    expect(res.body[1]).toMatchObject({ kind: 'cookie', device: 'Chrome on macOS', current: false });
    expect(new Date(res.body[0].signed_in_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test('a visitor gets 401', async () => {
    expect((await call(sessionsRoute.GET, { url: '/api/users/profile/sessions' })).status).toBe(401);
  });

  test('device names: a browser and its system, an API tool by its name', () => {
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'cookie')).toBe('Safari on iOS');
    expect(deviceName('curl/8.5.0', 'token')).toBe('API client (curl)');
    expect(deviceName(null, 'cookie')).toBe('Unknown browser');
  });
});

describe('DELETE /api/users/profile/sessions/{id}', () => {
  test('signs one other device out at once: its next request is signed out, the rest stay', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const laptopId = await startSession(user.id, 'cookie', TEST_CLIENT);
    const laptop = await sessionCookieFor(user, laptopId);
    const phone = await sessionCookieFor(user);
    expect((await list(token)).body.map((s: { id: string }) => s.id)).toContain(laptopId);

    const res = await signOutDevice(token, laptopId);
    expect(res).toMatchObject({ status: 200, body: { message: 'Signed out.' } });
    expect(await signedIn({ cookie: laptop })).toBe(false);
    expect(await signedIn({ cookie: phone })).toBe(true);
    expect(await signedIn({ token })).toBe(true);
    expect((await list(token)).body.map((s: { id: string }) => s.id)).not.toContain(laptopId);
  });

  test('another account’s session is not found (404) and keeps working; a malformed id is 400', async () => {
    const me = await createUser();
    const token = await tokenFor(me);
    const other = await createUser();
    const otherToken = await tokenFor(other);
    const [theirs] = await db.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.userId, other.id));
    const res = await signOutDevice(token, theirs.id);
    expect(res).toMatchObject({ status: 404, body: { code: 'not_found', message: 'This device is not signed in to your account.' } });
    expect(await signedIn({ token: otherToken })).toBe(true);
    expect((await signOutDevice(token, 'not-a-session')).status).toBe(400);
  });
});

describe('DELETE /api/users/profile/sessions', () => {
  test('signs out every other device of the account; this one stays', async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user);
    const others = [await tokenFor(user), await sessionCookieFor(user)];
    const bystander = await createUser();
    const bystanderToken = await tokenFor(bystander);
    const res = await call(sessionsRoute.DELETE, { method: 'DELETE', url: '/api/users/profile/sessions', headers: { cookie, origin: SHOP_ORIGIN } });
    expect(res).toMatchObject({ status: 200, body: { ended: 2, message: 'Signed out 2 other devices.' } });
    expect(await signedIn({ token: others[0] })).toBe(false);
    expect(await signedIn({ cookie: others[1] })).toBe(false);
    expect(await signedIn({ cookie })).toBe(true);
    expect(await signedIn({ token: bystanderToken })).toBe(true);
  });
});

describe('what ends sessions', () => {
  test('turning on two-factor sign-in ends the other sessions and tokens, not the one that turned it on', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const others = [await tokenFor(user), await sessionCookieFor(user)];
    const started = await call(startTwoFactor, { method: 'POST', url: '/api/users/profile/two-factor', token });
    expect(started.status).toBe(200);
    expect(await signedIn({ token: others[0] })).toBe(true);
    const code = await generate({ secret: started.body.secret as string });
    expect((await call(confirmTwoFactor, { method: 'POST', url: '/api/users/profile/two-factor/confirm', token, body: { code } })).status).toBe(200);
    expect(await signedIn({ token: others[0] })).toBe(false);
    expect(await signedIn({ cookie: others[1] })).toBe(false);
    expect(await signedIn({ token })).toBe(true);
  });

  test('a password change ends the other sessions and tokens at once, not the one that made it', async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user);
    const token = await tokenFor(user);
    const otherBrowser = await sessionCookieFor(user);
    const res = await call(changePassword, { method: 'PUT', url: '/api/users/profile/change-password', headers: { cookie, origin: SHOP_ORIGIN }, body: { currentPassword: TEST_PASSWORD, newPassword: 'A-brand-new-pass' } });
    expect(res.status).toBe(200);
    expect(await signedIn({ cookie })).toBe(true);
    expect(await signedIn({ token })).toBe(false);
    expect(await signedIn({ cookie: otherBrowser })).toBe(false);
  });

  test('an Owner changing a staff member’s roles ends all of that staff member’s sessions; the same roles again ends none', async () => {
    const owner = await createUser({ roles: ['Owner'] });
    const ownerToken = await tokenFor(owner);
    const clerk = await createUser({ roles: ['Warehouse/fulfilment'] });
    const setRoles = (names: number[]) => call(staffRolesRoute.PUT, { method: 'PUT', url: `/api/users/${clerk.id}/roles`, params: { id: String(clerk.id) }, token: ownerToken, body: { role_ids: names } });

    const unchanged = await tokenFor(clerk);
    expect((await setRoles([await roleId('Warehouse/fulfilment')])).status).toBe(200);
    expect(await signedIn({ token: unchanged })).toBe(true);

    const cookie = await sessionCookieFor(clerk);
    expect((await setRoles([await roleId('Warehouse/fulfilment'), await roleId('Accountant')])).status).toBe(200);
    expect(await signedIn({ token: unchanged })).toBe(false);
    expect(await signedIn({ cookie })).toBe(false);
    expect(await signedIn({ token: ownerToken })).toBe(true);
  });

  test('removing a staff member’s administrator rights ends their sessions', async () => {
    const owner = await createUser({ roles: ['Owner'] });
    const clerk = await createUser({ roles: ['Catalogue editor'] });
    const clerkToken = await tokenFor(clerk);
    const res = await call(adminRoute.DELETE, { method: 'DELETE', url: `/api/admins/${clerk.id}`, params: { id: String(clerk.id) }, token: await tokenFor(owner) });
    expect(res.status).toBe(200);
    expect(await signedIn({ token: clerkToken })).toBe(false);
    expect(await sessionsOf(clerk.id)).toBe(0);
  });

  test('a deleted (deactivated) account and a closed account lose every session', async () => {
    const owner = await createUser({ roles: ['Owner'] });
    const buyer = await createUser();
    await createOrder({ userId: buyer.id });
    const buyerToken = await tokenFor(buyer);
    expect((await call(userRoute.DELETE, { method: 'DELETE', url: `/api/users/${buyer.id}`, params: { id: String(buyer.id) }, token: await tokenFor(owner) })).body).toMatchObject({ deactivated: true });
    expect(await signedIn({ token: buyerToken })).toBe(false);
    expect(await sessionsOf(buyer.id)).toBe(0);

    const leaving = await createUser();
    const token = await tokenFor(leaving);
    const cookie = await sessionCookieFor(leaving);
    const closed = await call(closeMine, { method: 'POST', url: '/api/profile/close', token, body: { password: TEST_PASSWORD }, headers: { 'x-forwarded-for': freshIp() } });
    expect(closed.status).toBe(200);
    expect(await signedIn({ cookie })).toBe(false);
    expect(await sessionsOf(leaving.id)).toBe(0);
  });

  test('signing out in the browser (next-auth) ends that session', async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user);
    const [row] = await db.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.userId, user.id));
    await getAuthOptions().events?.signOut?.({ token: { sid: row.id }, session: undefined as never });
    expect(await signedIn({ cookie })).toBe(false);
  });

  test('an expired session is signed out', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    await db.update(userSessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(userSessions.userId, user.id));
    expect(await signedIn({ token })).toBe(false);
  });
});

describe('last activity', () => {
  test('is recorded with the address when older than the step, not on every request', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const lastSeen = async () => (await db.select({ at: userSessions.lastSeenAt, address: userSessions.address }).from(userSessions).where(eq(userSessions.userId, user.id)))[0];
    const before = await lastSeen();
    await call(profile, { url: '/api/users/profile', token, headers: { 'x-forwarded-for': '198.51.100.20' } });
    expect(await lastSeen()).toEqual(before);

    await db.update(userSessions).set({ lastSeenAt: new Date(Date.now() - LAST_SEEN_STEP_MS - 1000) }).where(eq(userSessions.userId, user.id));
    await call(profile, { url: '/api/users/profile', token, headers: { 'x-forwarded-for': '198.51.100.20' } });
    const after = await lastSeen();
    expect(after.address).toBe('198.51.100.20');
    expect(after.at.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
