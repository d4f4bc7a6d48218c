/**
 * The shop never loses its last administrator (spec §6; docs/architecture.md administrators are users with
 * is_admin). Its own file: the count of administrators must be exactly what the test creates.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import * as userRoute from '@/app/api/users/[id]/route';
import * as adminRoute from '@/app/api/admins/[id]/route';
import { db } from '@/db/client';
import { users } from '@/db/schema';
import { deleteUser, removeAdmin, updateUser } from '@/lib/accounts/users';
import { createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';
import { ALL_PERMISSIONS } from '@/lib/auth/permission-list';

const session = (u: { id: number; userName: string; email: string }) => ({ id: u.id, userName: u.userName, email: u.email, isAdmin: true, permissions: ALL_PERMISSIONS });

describe('the last administrator', () => {
  test('two administrators demoting each other at once: one succeeds, the other is refused (409)', async () => {
    const a = await createUser({ isAdmin: true });
    const b = await createUser({ isAdmin: true });
    const [ra, rb] = await Promise.all([
      call(adminRoute.DELETE, { method: 'DELETE', token: await tokenFor(a), params: { id: String(b.id) } }),
      call(userRoute.PUT, { method: 'PUT', token: await tokenFor(b), params: { id: String(a.id) }, body: { is_admin: false } }),
    ]);
    // The loser is refused at the door (401: demoting them ended their sessions; 403: demoted but
    // the session read first) or inside the service (409: last administrator), depending on
    // timing — never both succeed.
    const statuses = [ra.status, rb.status].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const admins = await db.select().from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
  });

  test('a request already past the door cannot demote, remove or delete the last administrator', async () => {
    await db.update(users).set({ isAdmin: false });
    const last = await createUser({ isAdmin: true });
    const formerAdmin = await createUser({ isAdmin: false });
    // formerAdmin's request passed the guard before they were demoted.
    const actor = session(formerAdmin);
    await expect(updateUser(actor, last.id, { is_admin: false })).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('last administrator') });
    await expect(removeAdmin(actor, last.id)).rejects.toMatchObject({ code: 'conflict' });
    await expect(deleteUser(actor, last.id)).rejects.toMatchObject({ code: 'conflict' });
    const [row] = await db.select().from(users).where(eq(users.id, last.id));
    expect(row.isAdmin).toBe(true);
  });
});
