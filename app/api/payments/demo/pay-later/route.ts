// POST /api/payments/demo/pay-later — the demo approval page's answer for Afterpay or Klarna (demo payments only)
import { route } from '@/lib/http/route';
import { answerDemoPayLater } from '@/lib/orders/demo-pay-later';
import { demoPayLaterSchema } from '@/lib/payments/schemas';

/**
 * Body {orderId, outcome: 'approve' | 'decline'} → 200 {orderId, state, method, message}: the
 * answer is delivered as Stripe's webhook event would be. 404 when Stripe is configured or not the
 * user's order; 409 nothing waiting for approval.
 */
export const POST = route({ auth: 'user', body: demoPayLaterSchema }, ({ user, body }) => answerDemoPayLater(user, body.orderId, body.outcome));
