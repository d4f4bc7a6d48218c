// POST /api/users/password-reset — "Forgot password?": e-mail a single-use reset link (beyond the spec)
import { loginAddress } from '@/lib/accounts/login';
import { requestPasswordReset } from '@/lib/accounts/password-reset';
import { passwordResetRequestSchema } from '@/lib/accounts/schemas';
import { route } from '@/lib/http/route';

/**
 * Body {email}. → 200 {message} — the same answer whether or not an account uses the address (the
 * link, valid 30 minutes, goes out through the outbox); 400 not an e-mail address; 429 past the
 * login limits of that address or of the client (lib/accounts/password-reset.ts).
 */
export const POST = route({ auth: 'public', body: passwordResetRequestSchema }, ({ req, body }) => requestPasswordReset(body.email, loginAddress(req.headers)));
