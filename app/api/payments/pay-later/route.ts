// POST /api/payments/pay-later — start paying an order with Afterpay or Klarna (docs/buying.md "Afterpay and Klarna")
import { route } from '@/lib/http/route';
import { startPayLater } from '@/lib/orders/pay-later';
import { startPayLaterSchema } from '@/lib/payments/schemas';

/**
 * Body {orderId, method: 'afterpay_clearpay' | 'klarna'} → 200 {clientSecret, paymentIntentId,
 * returnUrl, approvalUrl}. The order is paid later, by the webhook only. 400 method off or outside
 * its limits; 404 not the user's order; 409 not payable or a payment in progress; 502 provider.
 */
export const POST = route({ auth: 'user', body: startPayLaterSchema }, ({ user, body }) => startPayLater(user, body));
