/**
 * Staff roles (docs/accounts-and-security.md "Staff roles and permissions"): the roles of the back
 * office, their permissions, and which staff member holds which. Behind /api/roles and
 * PUT /api/users/{id}/roles; User Management's admin flag and /api/admins use ownerRoleId and
 * lockActiveOwners for the same rules.
 *
 * Rules (each answers 409 with the reason unless said otherwise):
 *   - role names are unique regardless of case; a permission that does not exist is a 400
 *     (lib/accounts/role-schemas.ts);
 *   - nobody grants a permission they do not hold: a role created or edited, or a role given to a
 *     staff member, may carry only permissions the actor holds (403 naming the first missing one);
 *   - built-in roles (Owner, Manager, …) are neither edited nor deleted; a custom role still held
 *     by a staff member is not deleted;
 *   - the last active Owner keeps the Owner role: the active staff rows are locked (FOR UPDATE, in
 *     id order, as lib/accounts/users.ts does) while checking, so two Owners demoting each other at
 *     once cannot leave the shop without one.
 */
import 'server-only';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db, type Executor, type Tx } from '@/db/client';
import { rolePermissions, roles, staffRoles, users } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { recordAudit } from '@/lib/audit/record';
import { authorize, missingPermissionMessage } from '@/lib/auth/permissions';
import { endSessions } from '@/lib/auth/sessions';
import { OWNER_ROLE, type Permission } from '@/lib/auth/permission-list';
import { AppError, conflict, forbidden, notFound } from '@/lib/server/errors';
import type { RoleJson, StaffRolesJson } from '@/lib/accounts/contracts';
import type { RoleCreateInput, RoleUpdateInput, StaffRolesInput } from '@/lib/accounts/role-schemas';

export type { RoleJson, StaffRolesJson };

const DUPLICATE_ROLE = 'A role with that name already exists.';

/** @throws 403 naming the first of `permissions` the actor does not hold. */
export function assertMayGrant(actor: SessionUser, permissions: readonly string[]): void {
  const missing = permissions.find((p) => !actor.permissions.includes(p as Permission));
  if (missing) throw forbidden(`${missingPermissionMessage(missing as Permission)} You cannot grant a permission you do not hold.`);
}

/** The built-in Owner role's id (seeded by migration 0028). */
export async function ownerRoleId(executor: Executor = db): Promise<number> {
  const [row] = await executor.select({ id: roles.id }).from(roles).where(and(eq(roles.name, OWNER_ROLE), eq(roles.builtIn, true))).limit(1);
  if (!row) throw new Error('The built-in Owner role is missing: run the migrations.');
  return row.id;
}

/**
 * Locks the active staff rows (users.is_admin, in id order) and returns the ids of those holding
 * the Owner role. Called FIRST by every write that may take the Owner role or staff access away.
 */
export async function lockActiveOwners(tx: Tx): Promise<number[]> {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt)))
    .orderBy(asc(users.id))
    .for('update');
  if (staff.length === 0) return [];
  const owner = await ownerRoleId(tx);
  const held = await tx
    .select({ userId: staffRoles.userId })
    .from(staffRoles)
    .where(and(eq(staffRoles.roleId, owner), inArray(staffRoles.userId, staff.map((s) => s.id))));
  return held.map((h) => h.userId);
}

/** @throws 409 when `target` is the last active Owner (`owners` from lockActiveOwners). */
export function assertNotLastOwner(target: { id: number; userName: string }, owners: number[], action: string): void {
  if (owners.includes(target.id) && owners.length <= 1) {
    throw conflict(`${target.userName} is the last administrator with the Owner role and cannot be ${action}. Make someone else an Owner first.`);
  }
}

/**
 * Gives a new staff member the Owner role (creating an administrator through /api/admins or the
 * admin flag). A customer made staff is signed out everywhere, as for any change of roles.
 */
export async function makeOwner(tx: Tx, actor: SessionUser, userId: number): Promise<void> {
  const owner = await ownerRoleId(tx);
  assertMayGrant(actor, await permissionsOf(tx, [owner]));
  await tx.insert(staffRoles).values({ userId, roleId: owner }).onConflictDoNothing();
  await endSessions(tx, userId);
}

/** Takes every role away (staff access ended: the admin flag cleared) and ends the staff member's sessions. */
export async function clearRoles(tx: Tx, userId: number): Promise<void> {
  await tx.delete(staffRoles).where(eq(staffRoles.userId, userId));
  await endSessions(tx, userId);
}

async function permissionsOf(executor: Executor, roleIds: number[]): Promise<Permission[]> {
  if (roleIds.length === 0) return [];
  const rows = await executor.selectDistinct({ p: rolePermissions.permission }).from(rolePermissions).where(inArray(rolePermissions.roleId, roleIds));
  return rows.map((r) => r.p as Permission);
}

async function roleRows(executor: Executor, id?: number): Promise<RoleJson[]> {
  const rows = await executor
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      builtIn: roles.builtIn,
      permissions: sql<string[]>`array(SELECT rp.permission FROM role_permissions rp WHERE rp.role_id = "roles"."id" ORDER BY rp.permission)`,
      staffCount: sql<number>`(SELECT count(*)::int FROM staff_roles sr JOIN users u ON u.id = sr.user_id WHERE sr.role_id = "roles"."id" AND u.is_admin AND u.deactivated_at IS NULL)`,
    })
    .from(roles)
    .where(id === undefined ? undefined : eq(roles.id, id))
    .orderBy(sql`${roles.builtIn} DESC`, asc(roles.id));
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, built_in: r.builtIn, permissions: r.permissions ?? [], staff_count: Number(r.staffCount) }));
}

async function assertNameFree(tx: Tx, name: string, exceptId?: number): Promise<void> {
  const [hit] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(sql`lower(${roles.name})`, name.toLowerCase()), exceptId === undefined ? undefined : sql`${roles.id} <> ${exceptId}`))
    .limit(1);
  if (hit) throw conflict(DUPLICATE_ROLE);
}

/** A role as the audit log names it. */
const roleTarget = (r: RoleJson) => ({ type: 'role', id: r.id, label: r.name });
/** What staff set on a role (not how many hold it). */
const auditedRole = (r: RoleJson) => ({ name: r.name, description: r.description, permissions: r.permissions });

const uniqueToConflict = (e: unknown): never => {
  const code = (e as { code?: string; cause?: { code?: string } })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
  if (code === '23505') throw conflict(DUPLICATE_ROLE);
  throw e;
};

/** GET /api/roles → every role, built-in first, with its permissions and active staff count. @throws 401/403 without staff.manage. */
export async function listRoles(actor: SessionUser): Promise<RoleJson[]> {
  authorize(actor, 'staff.manage');
  return roleRows(db);
}

/**
 * POST /api/roles → the new custom role.
 * @throws 401/403 without staff.manage, or a permission the actor does not hold; 409 name exists.
 */
export async function createRole(actor: SessionUser, input: RoleCreateInput): Promise<RoleJson> {
  authorize(actor, 'staff.manage');
  assertMayGrant(actor, input.permissions);
  try {
    const id = await db.transaction(async (tx) => {
      await assertNameFree(tx, input.name);
      const [row] = await tx.insert(roles).values({ name: input.name, description: input.description, builtIn: false }).returning({ id: roles.id });
      if (input.permissions.length) await tx.insert(rolePermissions).values(input.permissions.map((permission) => ({ roleId: row.id, permission })));
      const [after] = await roleRows(tx, row.id);
      await recordAudit(tx, actor, { action: 'role.create', target: roleTarget(after), after: auditedRole(after) });
      return row.id;
    });
    return (await roleRows(db, id))[0];
  } catch (e) {
    return uniqueToConflict(e);
  }
}

async function lockRole(tx: Tx, id: number) {
  const [role] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
  if (!role) throw notFound('Role not found.');
  return role;
}

/**
 * PATCH /api/roles/{id} → the role as saved. Its new permissions must all be the actor's own.
 * @throws 401/403 without staff.manage or a permission granted; 404 unknown; 409 built-in, name exists.
 */
export async function updateRole(actor: SessionUser, id: number, input: RoleUpdateInput): Promise<RoleJson> {
  authorize(actor, 'staff.manage');
  if (input.permissions) assertMayGrant(actor, input.permissions);
  try {
    await db.transaction(async (tx) => {
      const role = await lockRole(tx, id);
      if (role.builtIn) throw conflict(`${role.name} is a built-in role and cannot be changed. Create a custom role instead.`);
      if (input.name !== undefined) await assertNameFree(tx, input.name, id);
      const [before] = await roleRows(tx, id);
      await tx
        .update(roles)
        .set({ ...(input.name !== undefined ? { name: input.name } : {}), ...(input.description !== undefined ? { description: input.description } : {}), updatedAt: new Date() })
        .where(eq(roles.id, id));
      if (input.permissions) {
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
        if (input.permissions.length) await tx.insert(rolePermissions).values(input.permissions.map((permission) => ({ roleId: id, permission })));
      }
      const [after] = await roleRows(tx, id);
      await recordAudit(tx, actor, { action: 'role.update', target: roleTarget(after), before: auditedRole(before), after: auditedRole(after) });
    });
    return (await roleRows(db, id))[0];
  } catch (e) {
    return uniqueToConflict(e);
  }
}

/**
 * DELETE /api/roles/{id} → a message. @throws 401/403 without staff.manage; 404 unknown; 409 built-in,
 * or still held by a staff member.
 */
export async function deleteRole(actor: SessionUser, id: number): Promise<{ message: string }> {
  authorize(actor, 'staff.manage');
  return db.transaction(async (tx) => {
    const role = await lockRole(tx, id);
    if (role.builtIn) throw conflict(`${role.name} is a built-in role and cannot be deleted.`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(staffRoles).where(eq(staffRoles.roleId, id));
    if (Number(n) > 0) throw conflict(`${role.name} is still held by ${n} staff member${Number(n) === 1 ? '' : 's'}. Give them another role first.`);
    const [before] = await roleRows(tx, id);
    await tx.delete(roles).where(eq(roles.id, id));
    await recordAudit(tx, actor, { action: 'role.delete', target: roleTarget(before), before: auditedRole(before) });
    return { message: `Role ${role.name} deleted.` };
  });
}

/** The roles a user holds (ids, in id order). */
export async function rolesOf(userId: number): Promise<number[]> {
  const rows = await db.select({ id: staffRoles.roleId }).from(staffRoles).where(eq(staffRoles.userId, userId)).orderBy(asc(staffRoles.roleId));
  return rows.map((r) => r.id);
}

/**
 * PUT /api/users/{id}/roles → the staff member's roles and permissions from now on. A change ends
 * every session and bearer token of theirs at once (the actor's own session stays when they change
 * their own roles), so they sign in again under the new roles.
 * @throws 400 a role id that does not exist; 401/403 without staff.manage, or a role added that
 *   carries a permission the actor does not hold; 404 not an active staff member; 409 taking the
 *   Owner role from the last Owner.
 */
export async function setStaffRoles(actor: SessionUser, userId: number, input: StaffRolesInput): Promise<StaffRolesJson> {
  authorize(actor, 'staff.manage');
  return db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx);
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target || !target.isAdmin || target.deactivatedAt) throw notFound('Staff member not found.');
    const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, input.role_ids));
    if (found.length !== input.role_ids.length) {
      const missing = input.role_ids.filter((id) => !found.some((f) => f.id === id));
      throw new AppError('bad_request', `Unknown role: ${missing.join(', ')}.`);
    }
    const current = (await tx.select({ id: staffRoles.roleId }).from(staffRoles).where(eq(staffRoles.userId, userId))).map((r) => r.id);
    const added = input.role_ids.filter((id) => !current.includes(id));
    assertMayGrant(actor, await permissionsOf(tx, added));
    const owner = await ownerRoleId(tx);
    if (current.includes(owner) && !input.role_ids.includes(owner)) assertNotLastOwner(target, owners, 'demoted');
    await tx.delete(staffRoles).where(eq(staffRoles.userId, userId));
    await tx.insert(staffRoles).values(input.role_ids.map((roleId) => ({ userId, roleId })));
    const changed = current.length !== input.role_ids.length || added.length > 0;
    if (changed) await endSessions(tx, userId, actor.sessionId);
    const names = async (ids: number[]) => (ids.length ? (await tx.select({ name: roles.name }).from(roles).where(inArray(roles.id, ids)).orderBy(asc(roles.name))).map((r) => r.name) : []);
    await recordAudit(tx, actor, {
      action: 'user.roles',
      target: { type: 'user', id: target.id, label: `${target.userName} <${target.email}>` },
      before: { roles: await names(current) },
      after: { roles: await names(input.role_ids) },
    });
    return { user_id: userId, role_ids: [...input.role_ids].sort((a, b) => a - b), permissions: (await permissionsOf(tx, input.role_ids)).sort() };
  });
}

/** A staff member and the roles they hold, for the Roles screen. */
export type StaffWithRoles = { id: number; userName: string; email: string; roleIds: number[] };

/** The active staff and their role ids, oldest first. @throws 401/403 without staff.manage. */
export async function listStaffWithRoles(actor: SessionUser): Promise<StaffWithRoles[]> {
  authorize(actor, 'staff.manage');
  const rows = await db
    .select({ id: users.id, userName: users.userName, email: users.email, roleIds: sql<number[]>`array(SELECT sr.role_id FROM staff_roles sr WHERE sr.user_id = "users"."id" ORDER BY sr.role_id)` })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt)))
    .orderBy(asc(users.id));
  return rows.map((r) => ({ ...r, roleIds: (r.roleIds ?? []).map(Number) }));
}
