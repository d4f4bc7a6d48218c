/**
 * User Management and Administrator Management input (spec §2, §3 User / New user / Administrator,
 * §5 Admin forms, §7 admin calls).
 *
 * The field rules are the shop's account rules: usernames 3–32 characters of letters, digits and
 * _ . -; email at most 254; password 8–128.
 */
import { z } from 'zod';

export const userNameField = z
  .string({ error: 'Username is required.' })
  .trim()
  .min(1, 'Username is required.')
  .min(3, 'Username must be at least 3 characters.')
  .max(32, 'Username must be at most 32 characters.')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, digits, _ . and -.');

export const emailField = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Please enter a valid email address.'))
  .transform((v) => v.toLowerCase());

export const passwordField = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');

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

/** PUT /api/users/{id}/reset-password */
export const resetPasswordSchema = z.object({ newPassword: passwordField });

/** POST /api/admins — Username, Email, Password all required. */
export const newAdminSchema = z.object({ username: userNameField, email: emailField, password: passwordField });
export type NewAdminInput = z.infer<typeof newAdminSchema>;

/** PUT /api/admins/{id} — Username and Email required. */
export const adminUpdateSchema = z.object({ username: userNameField, email: emailField });
export type AdminUpdateInput = z.infer<typeof adminUpdateSchema>;
