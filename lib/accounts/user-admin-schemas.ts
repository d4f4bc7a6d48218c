/**
 * User Management and Administrator Management input (spec §2, §3 User / New user / Administrator,
 * §5 Admin forms, §7 admin calls).
 *
 * The field rules are the shop's account rules of lib/accounts/schemas.ts: usernames 3–32 characters
 * of letters, digits and _ . -; email at most 254 (stored lower-case); password 8–128.
 */
import { z } from 'zod';
import { emailSchema, newPasswordSchema, userNameSchema } from './schemas';

/** The shop's account rules (lib/accounts/schemas.ts), shared with sign-up and the profile. */
export const userNameField = userNameSchema;
export const emailField = emailSchema;
export const passwordField = newPasswordSchema;

const adminFlag = z.boolean({ error: 'is_admin must be true or false.' });

/** POST /api/users — the add row. */
export const newUserSchema = z.object({
  user_name: userNameField,
  email: emailField,
  password: passwordField,
  is_admin: adminFlag.optional().default(false),
});
export type NewUserInput = z.infer<typeof newUserSchema>;

/** PUT /api/users/{id} — any of the inline-editable fields. */
export const userUpdateSchema = z
  .object({ user_name: userNameField.optional(), email: emailField.optional(), is_admin: adminFlag.optional() })
  .refine((u) => u.user_name !== undefined || u.email !== undefined || u.is_admin !== undefined, 'Nothing to update.');
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** POST /api/admins — Username, Email, Password all required. */
export const newAdminSchema = z.object({ username: userNameField, email: emailField, password: passwordField });
export type NewAdminInput = z.infer<typeof newAdminSchema>;

/** PUT /api/admins/{id} — Username and Email required. */
export const adminUpdateSchema = z.object({ username: userNameField, email: emailField });
export type AdminUpdateInput = z.infer<typeof adminUpdateSchema>;

/** User Management's page size. */
export const USERS_PAGE_SIZE = 20;
/** Most accounts one GET /api/users answers; also what it answers without ?limit. */
export const USERS_MAX_LIMIT = 100;

/** GET /api/users?q&page&limit: q matches user name, e-mail, first or last name. */
export const userListQuerySchema = z.object({
  q: z
    .string({ error: 'q must be text.' })
    .trim()
    .max(100, 'The search must be at most 100 characters.')
    .transform((v) => v || undefined)
    .optional(),
  page: z.coerce.number({ error: 'page must be a whole number.' }).int('page must be a whole number.').min(1, 'page must be at least 1.').max(1_000_000, 'page is too large.').optional(),
  limit: z.coerce.number({ error: 'limit must be a whole number.' }).int('limit must be a whole number.').min(1, 'limit must be at least 1.').max(USERS_MAX_LIMIT, `limit must be at most ${USERS_MAX_LIMIT}.`).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
