/**
 * Who may read or close an account's own data (docs/accounts-and-security.md "A customer's own
 * data"): its owner, or staff acting on the customer's behalf. The one place the staff rule of
 * both the export and the closure lives: staff need customers.write
 * (docs/accounts-and-security.md "Staff roles and permissions").
 */
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { notFound } from '@/lib/server/errors';

/**
 * Asserts that `actor` may act on the data of account `userId`.
 * @returns 'self' for the owner, 'staff' for a staff member acting on someone else's account
 * @throws 401 no actor; 404 "Account not found." for a customer asking about another account (they
 *   learn nothing of whether it exists); 403 staff without customers.write.
 */
export function authorizeOwnData(actor: SessionUser | null | undefined, userId: number): 'self' | 'staff' {
  authorize(actor, 'user');
  if (actor.id === userId) return 'self';
  if (!actor.isAdmin) throw notFound('Account not found.');
  authorize(actor, 'customers.write');
  return 'staff';
}

/**
 * Who the audit log names for an export or a closure: staff as themselves; a customer acting on
 * their own account by its number only, so the append-only log keeps none of their personal data
 * once the account is closed (docs/accounts-and-security.md "Audit log").
 */
export function auditedActor(actor: SessionUser, who: 'self' | 'staff'): SessionUser {
  return who === 'self' ? { ...actor, userName: ownAccountLabel(actor.id), email: '' } : actor;
}

/** A customer's own account as the audit log names it. */
export const ownAccountLabel = (userId: number) => `customer #${userId}`;
