/**
 * Accounts as the back office sees them: User Management (/admin/user, /api/users) and
 * Administrator Management (/admin/administrators, /api/admins) share this one service
 * (docs/architecture.md "Administrator vs User entities": administrators are users with is_admin).
 *
 * Rules:
 *   - usernames and emails are unique regardless of case → 409 "Username or email already exists";
 *   - nobody deletes or demotes themselves, and the last active Owner is never deleted or
 *     demoted (409 with the reason). Active staff are locked (FOR UPDATE) while checking, so two
 *     Owners demoting each other at once cannot leave the shop without one (lib/accounts/staff-roles.ts);
 *   - an administrator is a staff member (is_admin); what they may do is their roles' permissions
 *     (docs/accounts-and-security.md "Staff roles and permissions"). Customers' accounts need
 *     customers.read / customers.write; staff accounts, the admin flag and /api/admins need
 *     staff.manage. A new administrator (the flag, or /api/admins) is an Owner, which only someone
 *     holding every permission may grant; clearing the flag takes every role away;
 *   - deleting a user that history points to (orders, finance entries) deactivates the account
 *     (deactivated_at set and every session ended) instead of erasing it;
 *   - DELETE /api/admins/{id} removes administrator rights; the account stays as a customer.
 *   - a password hash never leaves this module.
 *
 * Every operation takes the signed-in user first and checks their permission before reading or
 * writing (authorize, lib/auth/permissions.ts): 401 without one, 403 without the permission.
 */
import 'server-only';
import { and, asc, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { db, type Tx } from '@/db/client';
import { financeTransactions, orders, users, type User } from '@/db/schema';
import { DUPLICATE_ACCOUNT, isUniqueViolation } from '@/lib/accounts/errors';
import { hashPassword } from '@/lib/auth/password';
import { endSessions } from '@/lib/auth/sessions';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { OWNER_ROLE } from '@/lib/auth/permission-list';
import { recordAudit } from '@/lib/audit/record';
import { AppError, conflict, notFound } from '@/lib/server/errors';
import { assertNotLastOwner, clearRoles, lockActiveOwners, makeOwner } from '@/lib/accounts/staff-roles';
import type { AdminJson, AdminUserJson } from '@/lib/accounts/contracts';
import { USERS_MAX_LIMIT, type AdminUpdateInput, type NewAdminInput, type NewUserInput, type UserListQuery, type UserUpdateInput } from '@/lib/accounts/user-admin-schemas';
import { userMatches } from '@/lib/accounts/search';

export { DUPLICATE_ACCOUNT };

/** GET /api/users item (spec §3 User, never a password hash) and GET /api/admins item (spec §3 Administrator). */
export type { AdminJson, AdminUserJson };

export const toAdminUserJson = (u: User): AdminUserJson => ({
  user_id: u.id,
  user_name: u.userName,
  email: u.email,
  is_admin: u.isAdmin,
  first_name: u.firstName,
  last_name: u.lastName,
  phone_number: u.phoneNumber,
  created_at: u.createdAt.toISOString(),
  deactivated: u.deactivatedAt !== null,
});

export const toAdminJson = (u: User): AdminJson => ({ id: u.id, username: u.userName, email: u.email });

/** Every account, oldest first, deactivated ones flagged. @throws 401/403 not an administrator. */
export async function listUsers(actor: SessionUser): Promise<AdminUserJson[]> {
  authorize(actor, 'customers.read');
  const rows = await db.select().from(users).orderBy(asc(users.id));
  return rows.map(toAdminUserJson);
}

export type UserPage = { users: AdminUserJson[]; total: number; page: number; limit: number; totalPages: number };

/**
 * One page of accounts, oldest first, optionally searched (GET /api/users?q&page&limit, /admin/user):
 * `q` matches part of the user name, e-mail, first or last name in any case
 * (users_search_trgm_idx). Counted and paged in SQL; `limit` defaults to USERS_MAX_LIMIT; a page
 * past the end is empty (totalPages tells the last one).
 * @throws 401/403 not an administrator
 */
export async function listUsersPage(actor: SessionUser, query: UserListQuery = {}): Promise<UserPage> {
  authorize(actor, 'customers.read');
  const limit = Math.min(query.limit ?? USERS_MAX_LIMIT, USERS_MAX_LIMIT);
  const page = query.page ?? 1;
  const where = query.q ? userMatches(query.q) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { users: rows.map(toAdminUserJson), total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/** Active administrators, oldest first. @throws 401/403 not an administrator. */
export async function listAdmins(actor: SessionUser): Promise<AdminJson[]> {
  authorize(actor, 'staff.manage');
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt)))
    .orderBy(asc(users.id));
  return rows.map(toAdminJson);
}

// ── audit ───────────────────────────────────────────────────────────────────────────────────

/** An account as the audit log names it. */
export const userTarget = (u: Pick<User, 'id' | 'userName' | 'email'>) => ({ type: 'user', id: u.id, label: `${u.userName} <${u.email}>` });

/** The fields of an account the audit log compares (never the password hash or token version). */
const auditedUser = (u: User) => ({ userName: u.userName, email: u.email, isAdmin: u.isAdmin, firstName: u.firstName, lastName: u.lastName, phoneNumber: u.phoneNumber, active: !u.deactivatedAt });

// ── helpers ─────────────────────────────────────────────────────────────────────────────────

async function assertUnique(tx: Tx, userName: string | undefined, email: string | undefined, exceptId?: number) {
  const checks = [];
  if (userName !== undefined) checks.push(eq(sql`lower(${users.userName})`, userName.toLowerCase()));
  if (email !== undefined) checks.push(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (checks.length === 0) return;
  const [hit] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(or(...checks), exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  if (hit) throw conflict(DUPLICATE_ACCOUNT);
}

/** A unique-index race lost after the check above still answers the same 409. */
function duplicateToConflict(e: unknown): never {
  if (isUniqueViolation(e)) throw conflict(DUPLICATE_ACCOUNT);
  throw e;
}

async function lockUser(tx: Tx, id: number): Promise<User> {
  const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!u) throw notFound('User not found.');
  return u;
}

/**
 * Refuses to take the staff access of `target` away (by demotion, deletion or deactivation) when
 * it is the actor or the last active Owner (`owners` from lockActiveOwners, called first).
 */
function assertMayRemoveAdmin(actor: SessionUser, target: User, owners: number[], action: 'delete' | 'demote') {
  if (target.id === actor.id) {
    throw conflict(action === 'delete' ? 'You cannot delete your own account.' : 'You cannot remove your own administrator rights.');
  }
  assertNotLastOwner(target, owners, action === 'delete' ? 'deleted' : 'demoted');
}

// ── writes ──────────────────────────────────────────────────────────────────────────────────

/**
 * POST /api/users — creates an account (customer or administrator).
 * @returns the new user JSON. @throws 401/403 not an administrator; 409 DUPLICATE_ACCOUNT.
 */
export async function createUser(actor: SessionUser, input: NewUserInput): Promise<AdminUserJson> {
  authorize(actor, input.is_admin ? 'staff.manage' : 'customers.write');
  return insertUser(actor, input);
}

/** Inserts an account (the actor has been checked); an administrator is made an Owner. @throws 403 the actor cannot grant Owner; 409 DUPLICATE_ACCOUNT. */
async function insertUser(actor: SessionUser, input: NewUserInput): Promise<AdminUserJson> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await assertUnique(tx, input.user_name, input.email);
      const [row] = await tx.insert(users).values({ userName: input.user_name, email: input.email, passwordHash, isAdmin: input.is_admin }).returning();
      if (row.isAdmin) await makeOwner(tx, actor, row.id);
      await recordAudit(tx, actor, { action: row.isAdmin ? 'admin.create' : 'user.create', target: userTarget(row), after: { ...auditedUser(row), ...(row.isAdmin ? { roles: [OWNER_ROLE] } : {}) } });
      return toAdminUserJson(row);
    });
  } catch (e) {
    duplicateToConflict(e);
  }
}

/**
 * PUT /api/users/{id} — changes username, email and/or the admin flag.
 * @returns the user JSON. @throws 401/403 not an administrator; 404 unknown user; 409 duplicate,
 *   self-demotion, last admin.
 */
export async function updateUser(actor: SessionUser, id: number, input: UserUpdateInput): Promise<AdminUserJson> {
  authorize(actor, 'customers.write');
  try {
    return await db.transaction(async (tx) => {
      const demoting = input.is_admin === false;
      const admins = demoting ? await lockActiveOwners(tx) : [];
      const target = await lockUser(tx, id);
      // A staff member's account (their name, their e-mail: where reset links go) and the admin flag are staff.manage's.
      if (target.isAdmin || (input.is_admin !== undefined && input.is_admin !== target.isAdmin)) authorize(actor, 'staff.manage');
      if (demoting && target.isAdmin) assertMayRemoveAdmin(actor, target, admins, 'demote');
      if (demoting && target.isAdmin) await clearRoles(tx, id);
      if (input.is_admin === true && !target.isAdmin) await makeOwner(tx, actor, id);
      await assertUnique(tx, input.user_name, input.email, id);
      const patch: Partial<User> = { updatedAt: new Date() };
      if (input.user_name !== undefined) patch.userName = input.user_name;
      if (input.email !== undefined) patch.email = input.email;
      if (input.is_admin !== undefined) patch.isAdmin = input.is_admin;
      const [row] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();
      await recordAudit(tx, actor, { action: 'user.update', target: userTarget(target), before: auditedUser(target), after: auditedUser(row) });
      return toAdminUserJson(row);
    });
  } catch (e) {
    duplicateToConflict(e);
  }
}

/**
 * DELETE /api/users/{id} — erases an account nothing points to; an account with orders or finance
 * entries is deactivated instead (its sessions end at once).
 * @returns { deactivated } — true when kept as a deactivated account.
 * @throws 401/403 not an administrator; 404 unknown user; 409 self or last administrator.
 */
export async function deleteUser(actor: SessionUser, id: number): Promise<{ deactivated: boolean }> {
  authorize(actor, 'customers.write');
  return db.transaction(async (tx) => {
    const admins = await lockActiveOwners(tx);
    const target = await lockUser(tx, id);
    if (target.isAdmin) authorize(actor, 'staff.manage');
    assertMayRemoveAdmin(actor, target, admins, 'delete');
    const [{ n: orderCount }] = await tx.select({ n: count() }).from(orders).where(eq(orders.userId, id));
    const [{ n: entryCount }] = await tx.select({ n: count() }).from(financeTransactions).where(eq(financeTransactions.createdBy, id));
    if (orderCount > 0 || entryCount > 0) {
      if (!target.deactivatedAt) {
        await tx.update(users).set({ deactivatedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
        await endSessions(tx, id);
      }
      await recordAudit(tx, actor, { action: 'user.deactivate', target: userTarget(target), before: { active: !target.deactivatedAt }, after: { active: false } });
      return { deactivated: true };
    }
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, actor, { action: 'user.delete', target: userTarget(target), before: auditedUser(target) });
    return { deactivated: false };
  });
}

// ── administrators (/api/admins) ────────────────────────────────────────────────────────────

/** POST /api/admins — a new administrator account. @throws 401/403 not an administrator; 409 DUPLICATE_ACCOUNT. */
export async function createAdmin(actor: SessionUser, input: NewAdminInput): Promise<AdminJson> {
  authorize(actor, 'staff.manage');
  const u = await insertUser(actor, { user_name: input.username, email: input.email, password: input.password, is_admin: true });
  return { id: u.user_id, username: u.user_name, email: u.email };
}

async function lockAdmin(tx: Tx, id: number): Promise<User> {
  const target = await lockUser(tx, id).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'not_found') throw notFound('Administrator not found.');
    throw e;
  });
  if (!target.isAdmin || target.deactivatedAt) throw notFound('Administrator not found.');
  return target;
}

/**
 * PUT /api/admins/{id} — changes an administrator's username and email.
 * @throws 401/403 not an administrator; 404 not an active administrator; 409 DUPLICATE_ACCOUNT.
 */
export async function updateAdmin(actor: SessionUser, id: number, input: AdminUpdateInput): Promise<AdminJson> {
  authorize(actor, 'staff.manage');
  try {
    return await db.transaction(async (tx) => {
      const target = await lockAdmin(tx, id);
      await assertUnique(tx, input.username, input.email, id);
      const [row] = await tx.update(users).set({ userName: input.username, email: input.email, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      await recordAudit(tx, actor, { action: 'admin.update', target: userTarget(target), before: auditedUser(target), after: auditedUser(row) });
      return toAdminJson(row);
    });
  } catch (e) {
    duplicateToConflict(e);
  }
}

/**
 * DELETE /api/admins/{id} — removes administrator rights (the account stays, as a customer).
 * @throws 401/403 not an administrator; 404 not an active administrator; 409 yourself or the last
 *   administrator.
 */
export async function removeAdmin(actor: SessionUser, id: number): Promise<void> {
  authorize(actor, 'staff.manage');
  await db.transaction(async (tx) => {
    const admins = await lockActiveOwners(tx);
    const target = await lockAdmin(tx, id);
    assertMayRemoveAdmin(actor, target, admins, 'demote');
    await clearRoles(tx, id);
    await tx.update(users).set({ isAdmin: false, updatedAt: new Date() }).where(eq(users.id, id));
    await recordAudit(tx, actor, { action: 'admin.remove', target: userTarget(target), before: { isAdmin: true }, after: { isAdmin: false } });
  });
}
