// GET, POST /api/users/profile/two-factor — two-factor sign-in status, and starting TOTP enrolment
import { startTotpEnrolment, twoFactorStatus } from '@/lib/accounts/two-factor';
import { route } from '@/lib/http/route';

/** → 200 {enabled, recovery_codes_left} for the signed-in account; 401 without a session. */
export const GET = route({ auth: 'user' }, async ({ user }) => {
  const status = await twoFactorStatus(user.id);
  return { enabled: status.enabled, recovery_codes_left: status.recoveryCodesLeft };
});

/**
 * Starts (or restarts) TOTP enrolment; no body. Nothing changes at sign-in until
 * POST /api/users/profile/two-factor/confirm.
 * → 200 {secret (base32), otpauth_url, qr_code_svg}; 401 without a session; 409 when two-factor
 *   sign-in is already on.
 */
export const POST = route({ auth: 'user' }, async ({ user }) => {
  const enrolment = await startTotpEnrolment(user.id);
  return { secret: enrolment.secret, otpauth_url: enrolment.otpauthUrl, qr_code_svg: enrolment.qrCodeSvg };
});
