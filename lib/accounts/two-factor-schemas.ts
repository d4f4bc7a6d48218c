/** Request bodies of two-factor sign-in (docs/accounts-and-security.md "Two-factor sign-in"); shared by the forms and the API. */
import { z } from 'zod';
import { PASSWORD_MAX } from './schemas';

/**
 * How the browser's sign-in (next-auth, whose only way back to the form is an error message) says
 * "ask for a code": this prefix, then the challenge (lib/accounts/auth-options.ts → the login form).
 */
export const TWO_FACTOR_REQUIRED = 'two-factor:';

/** A 6-digit TOTP code or a recovery code (`xxxxx-xxxxx`), as typed. */
export const secondFactorCode = z
  .string({ error: 'Please enter the code from your authenticator app or a recovery code.' })
  .trim()
  .min(1, 'Please enter the code from your authenticator app or a recovery code.')
  .max(32, 'A code is at most 32 characters.');

/** POST /api/users/login/two-factor. */
export const loginTwoFactorSchema = z.object({
  challenge: z.string({ error: 'Please sign in with your password first.' }).min(1, 'Please sign in with your password first.').max(128, 'That sign-in challenge is not valid.'),
  code: secondFactorCode,
});
export type LoginTwoFactorInput = z.infer<typeof loginTwoFactorSchema>;

/** POST /api/users/profile/two-factor/confirm: the first code from the authenticator app. */
export const confirmTwoFactorSchema = z.object({
  code: z.string({ error: 'Please enter the 6-digit code from your authenticator app.' }).trim().regex(/^\d{3}\s?\d{3}$/, 'Please enter the 6-digit code from your authenticator app.'),
});

/** POST /api/users/profile/two-factor/disable: the password and a code. */
export const disableTwoFactorSchema = z.object({
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
  code: secondFactorCode,
});
export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorSchema>;
