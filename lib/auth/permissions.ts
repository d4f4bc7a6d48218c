/**
 * The one permission check of the service layer (docs/architecture.md): every operation takes the
 * signed-in user first and calls authorize(actor, role) before any read or write, so a page, a
 * route handler or a script that calls it cannot skip the check. Route handlers hand the user
 * they authenticated (lib/http/route.ts) to the service.
 */
import type { SessionUser } from '@/lib/auth/guards';
import { forbidden, unauthorized } from '@/lib/server/errors';

/** 'user': any signed-in account; 'admin': administrators only (spec §6). */
export type Role = 'user' | 'admin';

/**
 * Asserts that `actor` may act as `role`.
 * @throws 401 "Please log in to continue." without an actor; 403 "Administrators only." for a
 *   customer where an administrator is required.
 */
export function authorize(actor: SessionUser | null | undefined, role: Role): asserts actor is SessionUser {
  if (!actor) throw unauthorized();
  if (role === 'admin' && !actor.isAdmin) throw forbidden('Administrators only.');
}
