// POST /api/payments/demo/authenticate — the demo gateway's 3-D Secure step (demo payments only)
import { route } from '@/lib/http/route';
import { completeDemoAuthentication } from '@/lib/orders/payment';
import { demoAuthenticationSchema } from '@/lib/payments/schemas';

/** Body {orderId, outcome: 'complete' | 'fail'} → 200 as POST /api/payments/submit; 402 when failed; 404 when Stripe is configured. */
export const POST = route({ auth: 'user', body: demoAuthenticationSchema }, ({ user, body }) => completeDemoAuthentication(user, body.orderId, body.outcome));
