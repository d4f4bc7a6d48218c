/**
 * The one permission check of the service layer (docs/architecture.md "Permission: one helper";
 * docs/accounts-and-security.md "Staff roles and permissions"): every operation takes the
 * signed-in user first and calls authorize(actor, what) before any read or write, so a page, a
 * route handler or a script that calls it cannot skip the check. Route handlers hand the user
 * they authenticated (lib/http/route.ts) to the service.
 *
 * `what` is 'user' (any signed-in account), 'admin' (any staff member: route() uses it to refuse
 * customers before reading input) or a permission (lib/auth/permission-list.ts), which the staff
 * member holds through one of their roles. The actor's permissions are read from the database
 * with the user on every request (lib/auth/guards.ts), so a role change applies at once.
 */
import type { SessionUser } from '@/lib/auth/guards';
import { PERMISSIONS, type Permission } from '@/lib/auth/permission-list';
import { forbidden, unauthorized } from '@/lib/server/errors';
import { STAFF_TWO_FACTOR_MESSAGE } from '@/lib/auth/staff-two-factor';

export type { Permission } from '@/lib/auth/permission-list';

/** 'user': any signed-in account; 'admin': any staff member (spec §6). */
export type Role = 'user' | 'admin';

/** True when the actor is a staff member holding the permission (and not asked to set up two-factor sign-in first). */
export const can = (actor: Pick<SessionUser, 'isAdmin' | 'permissions' | 'mustEnrolTwoFactor'> | null | undefined, permission: Permission): boolean =>
  Boolean(actor?.isAdmin && !actor.mustEnrolTwoFactor && actor.permissions.includes(permission));

/** The 403 message naming what is missing: "You do not have permission to refund orders and returns (orders.refund)." */
export const missingPermissionMessage = (permission: Permission): string => {
  const what = PERMISSIONS[permission];
  return `You do not have permission to ${what.charAt(0).toLowerCase()}${what.slice(1)} (${permission}).`;
};

/**
 * Asserts that `actor` may act as `role` or holds `permission`.
 * @throws 401 "Please log in to continue." without an actor; 403 "Administrators only." for a
 *   customer where staff are required; 403 STAFF_TWO_FACTOR_MESSAGE for a staff member the shop
 *   asks to set up two-factor sign-in first (./staff-two-factor.ts); 403 `forbidden` naming the
 *   permission a staff member lacks.
 */
export function authorize<A extends Pick<SessionUser, 'isAdmin' | 'permissions' | 'mustEnrolTwoFactor'>>(actor: A | null | undefined, what: Role | Permission): asserts actor is A {
  if (!actor) throw unauthorized();
  if (what === 'user') return;
  if (!actor.isAdmin) throw forbidden('Administrators only.');
  if (actor.mustEnrolTwoFactor) throw forbidden(STAFF_TWO_FACTOR_MESSAGE);
  if (what !== 'admin' && !actor.permissions.includes(what)) throw forbidden(missingPermissionMessage(what));
}
