/**
 * The shop setting "staff must use two-factor sign-in" as the guard applies it
 * (docs/accounts-and-security.md "Staff and two-factor sign-in"): while it is on, a staff member
 * whose account has neither confirmed TOTP nor a passkey may use no staff permission — authorize()
 * answers 403 with STAFF_TWO_FACTOR_MESSAGE and the back office's pages send them to Profile →
 * Security to set one up. Their own account (profile, orders, two-factor set-up) stays theirs.
 *
 * Read in the guard's one statement with the user (lib/auth/guards.ts), so a staff member who sets
 * up a second factor, or an owner who turns the setting off, is let through on the next request.
 * In SQL here because lib/auth sits below lib/settings and lib/accounts; the setting's default is
 * db/default-settings.ts's, as lib/settings reads it.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS } from '@/db/default-settings';

export const STAFF_TWO_FACTOR_SETTING = 'staff_two_factor_required';
export const STAFF_TWO_FACTOR_MESSAGE = 'Set up two-factor sign-in before using the back office.';
/** Where the back office sends a staff member who must set up two-factor sign-in first. */
export const STAFF_TWO_FACTOR_ENROL_PATH = '/profile?two-factor=required#security';

const onByDefault = DEFAULT_SETTINGS[STAFF_TWO_FACTOR_SETTING] === true;

/** True for the `users` row of a staff member without a second factor while the setting is on. */
export const mustEnrolTwoFactorSql = sql<boolean>`(
  "users"."is_admin"
  AND COALESCE((SELECT s.value IN ('true'::jsonb, '"true"'::jsonb) FROM settings s WHERE s.key = ${STAFF_TWO_FACTOR_SETTING}), ${onByDefault})
  AND NOT EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = "users"."id" AND t.confirmed_at IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = "users"."id")
)`;
