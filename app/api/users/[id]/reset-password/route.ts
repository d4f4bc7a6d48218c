// POST /api/users/{id}/reset-password — e-mail the user a password reset link (User Management; replaces the spec's PUT with {newPassword}, docs/accounts-and-security.md)
import { sendPasswordResetLink } from '@/lib/accounts/password-reset';
import { idParams, route } from '@/lib/http/route';

/**
 * Admin only, no body. Sends the account the "Forgot password?" link through the outbox; staff
 * never set or see a password. → 200 { success: true, message } naming the address; 404 unknown
 * user; 409 a deactivated account. The spec's PUT {newPassword} is gone (405).
 */
export const POST = route({ auth: 'admin', params: idParams }, async ({ user, params }) => ({ success: true as const, ...(await sendPasswordResetLink(user, params.id)) }));
