// GET, PUT /api/users/profile/marketing-consent — the signed-in customer's consent to marketing e-mail (docs/mail.md "Marketing e-mail"; not in the spec)
import { route } from '@/lib/http/route';
import { getMarketingConsent, recordMarketingConsent } from '@/lib/accounts/marketing-consent';
import { marketingConsentSchema } from '@/lib/accounts/schemas';

/** → 200 {marketing_consent, consented_at (ISO or null), wording}; 401 without a session. */
export const GET = route({ auth: 'user' }, ({ user }) => getMarketingConsent(user.id));

/**
 * Body {marketing_consent: boolean}: agree (recorded with the time and the wording shown) or
 * withdraw, at once. → 200 the consent afterwards; 400; 401.
 */
export const PUT = route({ auth: 'user', body: marketingConsentSchema }, ({ user, body }) => recordMarketingConsent(user.id, body.marketing_consent, 'profile'));
