/**
 * The signed-in user for server components and layouts (reads the request's headers).
 * Pages call this; the same guard as route handlers decides.
 */
import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { userFromHeaders, type SessionUser } from './guards';
import type { Permission } from './permission-list';
import { can } from './permissions';
import { STAFF_TWO_FACTOR_ENROL_PATH } from './staff-two-factor';

/** The signed-in user or null; memoised for one render. */
export const currentUser = cache(async (): Promise<SessionUser | null> => userFromHeaders(await headers()));

/** For pages that need a customer or admin: redirects visitors to /login?next=… */
export async function requirePageUser(nextPath: string): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect(`/login?next=${encodeURIComponent(nextPath)}`);
  return user;
}

/**
 * For /admin pages: visitors → /login, customers → / (spec §6); a staff member without the
 * screen's `permission` → the dashboard, which lists the screens they may use
 * (docs/accounts-and-security.md "Staff roles and permissions"); a staff member the shop asks to
 * set up two-factor sign-in first → Profile → Security (./staff-two-factor.ts).
 */
export async function requirePageAdmin(nextPath = '/admin', permission?: Permission): Promise<SessionUser> {
  const user = await requirePageUser(nextPath);
  if (!user.isAdmin) redirect('/');
  if (user.mustEnrolTwoFactor) redirect(STAFF_TWO_FACTOR_ENROL_PATH);
  if (permission && !can(user, permission)) redirect('/admin');
  return user;
}
