import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { db } from '@/db/client';
import { userSessions, users } from '@/db/schema';
import { idParams, route } from '@/lib/http/route';
import { createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

const whoami = route({ auth: 'user' }, ({ user }) => ({ id: user.id, admin: user.isAdmin }));
const adminOnly = route({ auth: 'admin' }, () => ({ ok: true }));
const echo = route({ body: z.object({ quantity: z.coerce.number().int().min(1, 'Quantity must be at least 1') }) }, ({ body }) => body);

describe('route guard', () => {
  test('a visitor gets 401 with a message', async () => {
    const res = await call(whoami);
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });

  test('a bearer token identifies the user; a customer gets 403 from admin routes', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    expect((await call(whoami, { token })).body).toEqual({ id: user.id, admin: false });
    expect((await call(adminOnly, { token })).status).toBe(403);
  });

  test('an admin passes admin routes', async () => {
    const admin = await createUser({ isAdmin: true });
    expect((await call(adminOnly, { token: await tokenFor(admin) })).status).toBe(200);
  });

  test('a token stops working when its session ends or the account is deactivated', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    await db.delete(userSessions).where(eq(userSessions.userId, user.id));
    expect((await call(whoami, { token })).status).toBe(401);
    const other = await createUser();
    const otherToken = await tokenFor(other);
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, other.id));
    expect((await call(whoami, { token: otherToken })).status).toBe(401);
  });

  test('a forged token is refused', async () => {
    expect((await call(whoami, { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidmVyIjowfQ.bad' })).status).toBe(401);
  });

  test('bad JSON and invalid fields answer 400, never 500', async () => {
    expect((await call(echo, { method: 'POST', body: '{not json' })).status).toBe(400);
    const res = await call(echo, { method: 'POST', body: { quantity: 0 } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Quantity must be at least 1');
  });
});

describe('idParams', () => {
  const byId = route({ params: idParams }, ({ params }) => params);
  test('a non-numeric id answers 400 with a readable message', async () => {
    const res = await call(byId, { params: { id: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The id must be a positive whole number.');
  });
});
