/**
 * The roles API's rules (docs/accounts-and-security.md "Staff roles and permissions"): a name that
 * exists → 409, a permission that does not exist → 400, nobody grants what they do not hold,
 * built-in roles stay, the last Owner keeps the role, and a change of a staff member's roles ends
 * their open sessions (they sign in again under the new roles).
 */
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '@/db/client';
import { roles, staffRoles, users } from '@/db/schema';
import * as rolesRoute from '@/app/api/roles/route';
import * as roleRoute from '@/app/api/roles/[id]/route';
import * as staffRolesRoute from '@/app/api/users/[id]/roles/route';
import * as adminsRoute from '@/app/api/admins/route';
import * as adminRoute from '@/app/api/admins/[id]/route';
import * as settingsRoute from '@/app/api/settings/route';
import { createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

const roleId = async (name: string) => (await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)))[0].id;
const staff = async (roleNames: string[]) => {
  const user = await createUser({ roles: roleNames });
  return { user, token: await tokenFor(user) };
};

describe('roles', () => {
  test('GET /api/roles lists the six built-in roles first, with their permissions', async () => {
    const { token } = await staff(['Owner']);
    const res = await call(rolesRoute.GET, { url: '/api/roles', token });
    expect(res.status).toBe(200);
    expect(res.body.slice(0, 6).map((r: { name: string }) => r.name)).toEqual(['Owner', 'Manager', 'Customer service', 'Warehouse/fulfilment', 'Catalogue editor', 'Accountant']);
    expect(res.body.find((r: { name: string }) => r.name === 'Warehouse/fulfilment').permissions).toEqual(['orders.fulfil', 'orders.read', 'stock.manage']);
  });

  test('a custom role: 201; the same name in other case 409; an unknown permission 400 naming it', async () => {
    const { token } = await staff(['Owner']);
    const created = await call(rolesRoute.POST, { method: 'POST', url: '/api/roles', token, body: { name: 'Night packers', permissions: ['orders.read'] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Night packers', built_in: false, permissions: ['orders.read'], staff_count: 0 });
    const again = await call(rolesRoute.POST, { method: 'POST', url: '/api/roles', token, body: { name: 'night PACKERS', permissions: [] } });
    expect(again).toMatchObject({ status: 409, body: { code: 'conflict', message: 'A role with that name already exists.' } });
    const unknown = await call(rolesRoute.POST, { method: 'POST', url: '/api/roles', token, body: { name: 'Dreamers', permissions: ['orders.read', 'orders.teleport'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('orders.teleport');
    expect(await db.select().from(roles).where(eq(roles.name, 'Dreamers'))).toEqual([]);
  });

  test('nobody grants a permission they do not hold: a role or a staff member’s roles', async () => {
    // A staff manager who is not an Owner: staff.manage and orders.read only.
    const { token: ownerToken } = await staff(['Owner']);
    const made = await call(rolesRoute.POST, { method: 'POST', url: '/api/roles', token: ownerToken, body: { name: 'Staff lead', permissions: ['staff.manage', 'orders.read'] } });
    const lead = await createUser({ roles: ['Staff lead'] });
    const token = await tokenFor(lead);
    const wider = await call(rolesRoute.POST, { method: 'POST', url: '/api/roles', token, body: { name: 'Refunders', permissions: ['orders.read', 'orders.refund'] } });
    expect(wider.status).toBe(403);
    expect(wider.body.message).toContain('orders.refund');
    const worker = await createUser({ roles: ['Warehouse/fulfilment'] });
    const toOwner = await call(staffRolesRoute.PUT, { method: 'PUT', url: `/api/users/${worker.id}/roles`, params: { id: String(worker.id) }, token, body: { role_ids: [await roleId('Owner')] } });
    expect(toOwner.status).toBe(403);
    const asAdmin = await call(adminsRoute.POST, { method: 'POST', url: '/api/admins', token, body: { username: 'sneaky_owner', email: 'sneaky@example.test', password: 'Staff-pass-4' } });
    expect(asAdmin.status).toBe(403);
    expect(await db.select().from(users).where(eq(users.userName, 'sneaky_owner'))).toEqual([]);
    const same = await call(staffRolesRoute.PUT, { method: 'PUT', url: `/api/users/${worker.id}/roles`, params: { id: String(worker.id) }, token, body: { role_ids: [made.body.id] } });
    expect(same).toMatchObject({ status: 200, body: { role_ids: [made.body.id], permissions: ['orders.read', 'staff.manage'] } });
  });

  test('built-in roles are neither edited nor deleted; a role still held is not deleted', async () => {
    const { token } = await staff(['Owner']);
    const manager = await roleId('Manager');
    expect((await call(roleRoute.PATCH, { method: 'PATCH', url: `/api/roles/${manager}`, params: { id: String(manager) }, token, body: { permissions: [] } })).status).toBe(409);
    expect((await call(roleRoute.DELETE, { method: 'DELETE', url: `/api/roles/${manager}`, params: { id: String(manager) }, token })).status).toBe(409);
    const held = await call(rolesRoute.POST, { method: 'POST', url: '/api/roles', token, body: { name: 'Pickers', permissions: ['orders.read'] } });
    await createUser({ roles: ['Pickers'] });
    const del = await call(roleRoute.DELETE, { method: 'DELETE', url: `/api/roles/${held.body.id}`, params: { id: String(held.body.id) }, token });
    expect(del.status).toBe(409);
    expect(del.body.message).toContain('still held by 1 staff member');
  });

  test('the last Owner keeps the Owner role; with a second Owner one may go', async () => {
    // Every other Owner leaves first: this test's two are the only ones.
    await db.delete(staffRoles).where(eq(staffRoles.roleId, await roleId('Owner')));
    const a = await staff(['Owner']);
    const b = await createUser({ roles: ['Manager', 'Owner'] });
    const manager = await roleId('Manager');
    const demoteB = () => call(staffRolesRoute.PUT, { method: 'PUT', url: `/api/users/${b.id}/roles`, params: { id: String(b.id) }, token: a.token, body: { role_ids: [manager] } });
    expect((await demoteB()).status).toBe(200);
    const demoteSelf = await call(staffRolesRoute.PUT, { method: 'PUT', url: `/api/users/${a.user.id}/roles`, params: { id: String(a.user.id) }, token: a.token, body: { role_ids: [manager] } });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body.message).toContain('last administrator with the Owner role');
    const removed = await call(adminRoute.DELETE, { method: 'DELETE', url: `/api/admins/${b.id}`, params: { id: String(b.id) }, token: a.token });
    expect(removed.status).toBe(200);
    expect(await db.select().from(staffRoles).where(eq(staffRoles.userId, b.id))).toEqual([]);
  });

  test('a role change ends the staff member’s open sessions; signed in again, they hold the new permissions', async () => {
    const { token: ownerToken } = await staff(['Owner']);
    const { user, token } = await staff(['Manager']);
    expect((await call(settingsRoute.GET, { url: '/api/settings', token })).status).toBe(403);
    const changed = await call(staffRolesRoute.PUT, { method: 'PUT', url: `/api/users/${user.id}/roles`, params: { id: String(user.id) }, token: ownerToken, body: { role_ids: [await roleId('Manager'), await roleId('Owner')] } });
    expect(changed.status).toBe(200);
    expect((await call(settingsRoute.GET, { url: '/api/settings', token })).status).toBe(401);
    expect((await call(settingsRoute.GET, { url: '/api/settings', token: await tokenFor(user) })).status).toBe(200);
    const denied = await call(settingsRoute.PUT, { method: 'PUT', url: '/api/settings', token: (await staff(['Accountant'])).token, body: { low_stock_threshold: 4 } });
    expect(denied).toMatchObject({ status: 403, body: { code: 'forbidden', message: 'You do not have permission to change shop settings and read the outbox (settings.write).' } });
  });
});
