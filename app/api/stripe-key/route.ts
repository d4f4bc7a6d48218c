// GET /api/stripe-key — the card provider's public key (spec §7 storefront: GET /stripe-key)
import { route } from '@/lib/http/route';
import { paymentsPublicConfig } from '@/lib/payments/config';

export const dynamic = 'force-dynamic';

/**
 * → 200 {publicKey: "pk_…" | null, cardMode: 'stripe' | 'demo' | 'unavailable', demo: boolean,
 * paypal: {mode, clientId}}. publicKey is null while the demo gateway runs (no Stripe keys).
 */
export const GET = route({ auth: 'public' }, () => paymentsPublicConfig());
