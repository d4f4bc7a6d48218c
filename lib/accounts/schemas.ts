/**
 * Account input (spec §5 Sign up, Login, Profile, Change password; §7 users calls).
 * Shared by the route handlers under /api/users and the client forms (zodResolver).
 *
 * Bounds: usernames 3–32 characters of letters, digits, `_`, `.`, `-`; emails valid and at most
 * 254 characters (stored lower-case); passwords 8–128 characters; names 100, phone 40.
 */
import { z } from 'zod';
import { profileAddressSchema } from './address-schema';
import { contactSchema } from './contact-schema';
import { checkPhone } from './phone';

export const USER_NAME_MIN = 3;
export const USER_NAME_MAX = 32;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const userNameSchema = z
  .string({ error: 'Username is required.' })
  .trim()
  .min(1, 'Username is required.')
  .min(USER_NAME_MIN, `Username must be at least ${USER_NAME_MIN} characters.`)
  .max(USER_NAME_MAX, `Username must be at most ${USER_NAME_MAX} characters.`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, digits, underscores, dots and hyphens.');

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters.`)
  .pipe(z.email('Please enter a valid email address.'))
  .transform((v) => v.toLowerCase());

/** A new password: 8–128 characters (length only; any characters allowed). */
export const newPasswordSchema = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

/** POST /api/users/register body. */
export const registerSchema = z.object({
  user_name: userNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  /** The marketing-consent box (lib/accounts/marketing-consent-wording.ts); left out = not ticked. */
  marketing_consent: z.boolean({ error: 'marketing_consent must be true or false.' }).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** PUT /api/users/profile/marketing-consent: agree to marketing e-mail (true) or withdraw (false). */
export const marketingConsentSchema = z.object({ marketing_consent: z.boolean({ error: 'marketing_consent must be true or false.' }) });

/** /api/unsubscribe and /unsubscribe: the signed token of the link (lib/auth/signed-links.ts). */
export const unsubscribeQuerySchema = z.object({ token: z.string({ error: 'The unsubscribe link is missing its token.' }).min(1, 'The unsubscribe link is missing its token.').max(1024, 'This unsubscribe link is not valid.') });

/** The Sign Up form: the register fields plus a confirmation that must match (spec §5). */
export const signupFormSchema = registerSchema
  .extend({ confirm_password: z.string({ error: 'Please confirm your password.' }).min(1, 'Please confirm your password.') })
  .refine((v) => v.password === v.confirm_password, {
    message: "Passwords don't match",
    path: ['confirm_password'],
    // Also report a mismatch while other fields are still invalid.
    when: ({ value }) => typeof (value as { password?: unknown })?.password === 'string' && Boolean((value as { confirm_password?: unknown })?.confirm_password),
  });
export type SignupFormInput = z.input<typeof signupFormSchema>;

/** POST /api/users/login body and the Login form: both fields required (spec §5). */
export const loginSchema = z.object({
  identifier: z
    .string({ error: 'Please enter your email or username.' })
    .trim()
    .min(1, 'Please enter your email or username.')
    .max(EMAIL_MAX, `Email or username must be at most ${EMAIL_MAX} characters.`),
  password: z
    .string({ error: 'Please enter your password.' })
    .min(1, 'Please enter your password.')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
});
export type LoginInput = z.infer<typeof loginSchema>;

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/**
 * PUT /api/users/profile body and the Basic Information form: username and email required
 * (spec §5 Profile); first name, last name and phone optional (absent → unchanged, "" or null →
 * cleared).
 */
export const profileUpdateSchema = z.object({
  user_name: userNameSchema,
  email: emailSchema,
  first_name: optionalText('First name', 100),
  last_name: optionalText('Last name', 100),
  phone_number: z
    .string()
    .trim()
    .nullable()
    .optional()
    .superRefine(checkPhone)
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** A new password that is the current one changes nothing: refused (API and form alike). */
export const SAME_PASSWORD = 'Your new password must be different from your current password.';

/** Whether both passwords are typed, so the "must differ" rule can speak while other fields are still wrong. */
const bothTyped = ({ value }: { value: unknown }) => {
  const v = value as { newPassword?: unknown; currentPassword?: unknown } | null;
  return typeof v?.newPassword === 'string' && typeof v?.currentPassword === 'string' && v.currentPassword !== '';
};

/**
 * PUT /api/users/profile/change-password body: the spec's newPassword and, beside it, the current
 * password, which must be given and right (ASVS V2.1.6). A new password equal to the current one
 * is refused (400, SAME_PASSWORD).
 */
export const changePasswordSchema = z
  .object({
    newPassword: newPasswordSchema,
    currentPassword: z
      .string({ error: 'Please enter your current password.' })
      .min(1, 'Please enter your current password.')
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
  })
  .refine((v) => v.newPassword !== v.currentPassword, { message: SAME_PASSWORD, path: ['newPassword'], when: bothTyped });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The Change Password form: new password and its confirmation, equal (spec §5), and not the current one. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string({ error: 'Please enter your current password.' }).min(1, 'Please enter your current password.'),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm the new password.' }).min(1, 'Please confirm the new password.'),
  })
  .refine((v) => v.newPassword !== v.currentPassword, { message: SAME_PASSWORD, path: ['newPassword'], when: bothTyped })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: ({ value }) => typeof (value as { newPassword?: unknown })?.newPassword === 'string' && Boolean((value as { confirmPassword?: unknown })?.confirmPassword),
  });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

/**
 * PUT /api/users/addresses/{id}: any subset of the profile address fields (spec §5 Profile address
 * form rules for the fields present), e.g. {is_default: true} to make it the default.
 */
export const addressUpdateSchema = profileAddressSchema
  .extend({ is_default: z.boolean({ error: 'is_default must be true or false.' }).optional() })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update.');
export type AddressUpdateInput = z.infer<typeof addressUpdateSchema>;

/** PUT /api/users/contacts/{id}: any subset of the contact fields (spec §5 Contact form rules). */
export const contactUpdateSchema = contactSchema
  .extend({ is_default: z.boolean({ error: 'is_default must be true or false.' }).optional() })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update.');
export type ContactUpdateInput = z.infer<typeof contactUpdateSchema>;

/** POST /api/users/password-reset — "Forgot password?": the account's e-mail address. */
export const passwordResetRequestSchema = z.object({
  email: z.string({ error: 'Please enter your email address.' }).trim().toLowerCase().min(1, 'Please enter your email address.').max(254, 'Email must be at most 254 characters.').pipe(z.email('Please enter a valid email address.')),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/users/password-reset/confirm — the token of the e-mailed link and the new password. */
export const passwordResetSchema = z.object({
  token: z.string({ error: 'This password reset link is incomplete.' }).min(1, 'This password reset link is incomplete.').max(200, 'This password reset link is invalid.'),
  newPassword: newPasswordSchema,
});
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** The reset page's form: the new password twice (spec §5's rule for Change password). */
export const passwordResetFormSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm the new password.' }).min(1, 'Please confirm the new password.'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type PasswordResetFormInput = z.input<typeof passwordResetFormSchema>;

/** DELETE /api/users/profile/sessions/{id}: a session id is a UUID (lib/auth/sessions.ts). */
export const sessionIdParams = z.object({ id: z.uuid('A session id is a UUID.') });
