/**
 * User Management and Administrator Management (spec §2, §5 Admin forms, §7 admin calls, §8 Users):
 * /api/users, /api/users/{id}, /api/users/{id}/reset-password (a reset link e-mailed, never a typed password), /api/admins, /api/admins/{id}.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import * as usersRoute from '@/app/api/users/route';
import * as userRoute from '@/app/api/users/[id]/route';
import * as resetRoute from '@/app/api/users/[id]/reset-password/route';
import * as confirmReset from '@/app/api/users/password-reset/confirm/route';
import * as adminsRoute from '@/app/api/admins/route';
import * as adminRoute from '@/app/api/admins/[id]/route';
import { db } from '@/db/client';
import { outboxMessages, userSessions, users } from '@/db/schema';
import { authenticate } from '@/lib/accounts/authenticate';
import { createUser, TEST_PASSWORD, tokenFor } from '../support/factories';
import { createOrder } from '../support/admin-ops';
import { call } from '../support/http';

async function asAdmin() {
  const admin = await createUser({ isAdmin: true });
  return { admin, token: await tokenFor(admin) };
}
const rowOf = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0];
const uniq = () => Math.random().toString(36).slice(2, 8);

describe('/api/users', () => {
  test('GET /api/users — lists accounts with the spec fields and a deactivated flag', async () => {
    const { token } = await asAdmin();
    const customer = await createUser();
    const res = await call(usersRoute.GET, { token });
    expect(res.status).toBe(200);
    const row = res.body.find((u: { user_id: number }) => u.user_id === customer.id);
    expect(row).toEqual({
      user_id: customer.id,
      user_name: customer.userName,
      email: customer.email,
      is_admin: false,
      first_name: null,
      last_name: null,
      phone_number: null,
      created_at: expect.any(String),
      deactivated: false,
    });
  });

  test('POST /api/users — adds a user (201) who can log in; is_admin is honoured', async () => {
    const { token } = await asAdmin();
    const name = `Kiri_${uniq()}`;
    const res = await call(usersRoute.POST, { method: 'POST', token, body: { user_name: name, email: `${name}@Example.test`, password: 'Welcome123', is_admin: true } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user_name: name, email: `${name.toLowerCase()}@example.test`, is_admin: true, deactivated: false });
    const user = await authenticate(name, 'Welcome123');
    expect(user.isAdmin).toBe(true);
  });

  test('POST /api/users — duplicate username or email in any case → 409 "Username or email already exists"', async () => {
    const { token } = await asAdmin();
    const existing = await createUser();
    for (const body of [
      { user_name: existing.userName.toUpperCase(), email: `fresh_${uniq()}@example.test`, password: 'Welcome123' },
      { user_name: `fresh_${uniq()}`, email: existing.email.toUpperCase(), password: 'Welcome123' },
    ]) {
      const res = await call(usersRoute.POST, { method: 'POST', token, body });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Username or email already exists');
    }
  });

  test('POST /api/users — 400 for a short or odd username, a bad email, a short password', async () => {
    const { token } = await asAdmin();
    for (const body of [
      { user_name: 'ab', email: 'ab@example.test', password: 'Welcome123' },
      { user_name: 'has space', email: 'sp@example.test', password: 'Welcome123' },
      { user_name: 'x'.repeat(33), email: 'long@example.test', password: 'Welcome123' },
      { user_name: 'okname', email: 'not-an-email', password: 'Welcome123' },
      { user_name: 'okname', email: 'ok@example.test', password: 'short' },
      { user_name: 'okname', email: 'ok@example.test' },
      { user_name: 'okname', email: 'ok@example.test', password: 'Welcome123', is_admin: 'yes' },
    ]) {
      const res = await call(usersRoute.POST, { method: 'POST', token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });

  test('PUT /api/users/{id} — edits username, email and the admin flag', async () => {
    const { token } = await asAdmin();
    const user = await createUser();
    const name = `edited_${uniq()}`;
    const res = await call(userRoute.PUT, { method: 'PUT', token, params: { id: String(user.id) }, body: { user_name: name, email: `${name}@example.test`, is_admin: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user_id: user.id, user_name: name, email: `${name}@example.test`, is_admin: true });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  test('PUT /api/users/{id} — 409 for a name taken by someone else; the same name in another case for oneself is fine', async () => {
    const { token } = await asAdmin();
    const a = await createUser();
    const b = await createUser();
    const taken = await call(userRoute.PUT, { method: 'PUT', token, params: { id: String(b.id) }, body: { user_name: a.userName.toUpperCase() } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Username or email already exists');
    const own = await call(userRoute.PUT, { method: 'PUT', token, params: { id: String(b.id) }, body: { user_name: b.userName.toUpperCase() } });
    expect(own.status).toBe(200);
  });

  test('PUT /api/users/{id} — nobody can remove their own administrator rights (409); 404 for an unknown user; 400 for an empty body', async () => {
    const { admin, token } = await asAdmin();
    const res = await call(userRoute.PUT, { method: 'PUT', token, params: { id: String(admin.id) }, body: { is_admin: false } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/your own administrator rights/);
    expect((await rowOf(admin.id)).isAdmin).toBe(true);
    expect((await call(userRoute.PUT, { method: 'PUT', token, params: { id: '99999999' }, body: { is_admin: true } })).status).toBe(404);
    expect((await call(userRoute.PUT, { method: 'PUT', token, params: { id: String(admin.id) }, body: {} })).status).toBe(400);
  });

  test('DELETE /api/users/{id} — erases an account without orders', async () => {
    const { token } = await asAdmin();
    const user = await createUser();
    const res = await call(userRoute.DELETE, { method: 'DELETE', token, params: { id: String(user.id) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, deactivated: false });
    expect(await rowOf(user.id)).toBeUndefined();
    expect((await call(userRoute.DELETE, { method: 'DELETE', token, params: { id: String(user.id) } })).status).toBe(404);
  });

  test('DELETE /api/users/{id} — a user with orders is deactivated, keeps the orders and loses every session', async () => {
    const { token } = await asAdmin();
    const user = await createUser();
    const userToken = await tokenFor(user);
    await createOrder({ userId: user.id });
    const res = await call(userRoute.DELETE, { method: 'DELETE', token, params: { id: String(user.id) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deactivated: true });
    const row = await rowOf(user.id);
    expect(row.deactivatedAt).not.toBeNull();
    expect(await db.$count(userSessions, eq(userSessions.userId, user.id))).toBe(0);
    const list = await call(usersRoute.GET, { token });
    expect(list.body.find((u: { user_id: number }) => u.user_id === user.id).deactivated).toBe(true);
    // The old token no longer opens anything.
    expect((await call(usersRoute.GET, { token: userToken })).status).toBe(401);
  });

  test('DELETE /api/users/{id} — nobody can delete themselves (409)', async () => {
    const { admin, token } = await asAdmin();
    const res = await call(userRoute.DELETE, { method: 'DELETE', token, params: { id: String(admin.id) } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You cannot delete your own account.');
    expect(await rowOf(admin.id)).toBeDefined();
  });

  test('POST /api/users/{id}/reset-password — e-mails the user a reset link through the outbox; the password and sessions stay until the link is used', async () => {
    const { token } = await asAdmin();
    const user = await createUser();
    const oldToken = await tokenFor(user);
    const res = await call(resetRoute.POST, { method: 'POST', token, params: { id: String(user.id) } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: `A password reset link has been sent to ${user.email}. It works for 30 minutes.` });
    const [mail] = await db.select().from(outboxMessages).where(and(eq(outboxMessages.recipient, user.email), eq(outboxMessages.template, 'password-reset')));
    expect(mail).toMatchObject({ status: 'pending', subject: 'Totara Home: reset your password' });
    const link = new URL(String(mail.payload.resetUrl));
    expect(link.pathname).toBe('/reset-password');
    // Nothing changed yet: the old password and the session still work.
    expect((await authenticate(user.email, TEST_PASSWORD)).id).toBe(user.id);
    expect((await call(usersRoute.GET, { token: oldToken })).status).not.toBe(401);
    // The customer chooses the new password with the link, once.
    const confirmed = await call(confirmReset.POST, { method: 'POST', url: '/api/users/password-reset/confirm', body: { token: link.searchParams.get('token'), newPassword: 'Chosen-by-me-1' } });
    expect(confirmed.status).toBe(200);
    expect((await authenticate(user.email, 'Chosen-by-me-1')).id).toBe(user.id);
  });

  test('POST /api/users/{id}/reset-password — 404 for an unknown user, 409 for a deactivated one (no e-mail); the old PUT with a password is gone', async () => {
    const { token } = await asAdmin();
    expect((await call(resetRoute.POST, { method: 'POST', token, params: { id: '99999999' } })).status).toBe(404);
    const gone = await createUser();
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    const refused = await call(resetRoute.POST, { method: 'POST', token, params: { id: String(gone.id) } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${gone.userName}'s account is deactivated and cannot sign in, so no reset link was sent.`);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, gone.email))).toHaveLength(0);
    expect('PUT' in resetRoute).toBe(false);
  });
});

describe('/api/admins', () => {
  test('GET /api/admins — only active administrators, as {id, username, email}', async () => {
    const { admin, token } = await asAdmin();
    const customer = await createUser();
    const res = await call(adminsRoute.GET, { token });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ id: admin.id, username: admin.userName, email: admin.email });
    expect(res.body.some((a: { id: number }) => a.id === customer.id)).toBe(false);
  });

  test('POST /api/admins — adds an administrator (201); all three fields required (400); duplicates 409', async () => {
    const { token } = await asAdmin();
    const name = `boss_${uniq()}`;
    const res = await call(adminsRoute.POST, { method: 'POST', token, body: { username: name, email: `${name}@example.test`, password: 'Welcome123' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), username: name, email: `${name}@example.test` });
    expect((await rowOf(res.body.id)).isAdmin).toBe(true);
    for (const body of [{ username: name }, { username: `x_${uniq()}`, email: `x${uniq()}@example.test` }, { email: 'y@example.test', password: 'Welcome123' }]) {
      expect((await call(adminsRoute.POST, { method: 'POST', token, body })).status).toBe(400);
    }
    const dup = await call(adminsRoute.POST, { method: 'POST', token, body: { username: name.toUpperCase(), email: `other_${uniq()}@example.test`, password: 'Welcome123' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Username or email already exists');
  });

  test('PUT /api/admins/{id} — updates username and email; a customer id is 404', async () => {
    const { token } = await asAdmin();
    const other = await createUser({ isAdmin: true });
    const name = `lead_${uniq()}`;
    const res = await call(adminRoute.PUT, { method: 'PUT', token, params: { id: String(other.id) }, body: { username: name, email: `${name}@example.test` } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: other.id, username: name, email: `${name}@example.test` });
    const customer = await createUser();
    expect((await call(adminRoute.PUT, { method: 'PUT', token, params: { id: String(customer.id) }, body: { username: `c_${uniq()}`, email: `c${uniq()}@example.test` } })).status).toBe(404);
    expect((await call(adminRoute.PUT, { method: 'PUT', token, params: { id: String(other.id) }, body: { username: name } })).status).toBe(400);
  });

  test('DELETE /api/admins/{id} — removes administrator rights but keeps the account; not yourself (409)', async () => {
    const { admin, token } = await asAdmin();
    const other = await createUser({ isAdmin: true });
    const res = await call(adminRoute.DELETE, { method: 'DELETE', token, params: { id: String(other.id) } });
    expect(res.status).toBe(200);
    const row = await rowOf(other.id);
    expect(row.isAdmin).toBe(false);
    expect(row.deactivatedAt).toBeNull();
    const self = await call(adminRoute.DELETE, { method: 'DELETE', token, params: { id: String(admin.id) } });
    expect(self.status).toBe(409);
    expect((await rowOf(admin.id)).isAdmin).toBe(true);
    expect((await call(adminRoute.DELETE, { method: 'DELETE', token, params: { id: String(other.id) } })).status).toBe(404);
  });
});
