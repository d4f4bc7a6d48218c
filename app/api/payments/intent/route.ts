// POST /api/payments/intent — the PaymentIntent of Stripe's Payment Element at checkout (docs/buying.md "Payments")
import { route } from '@/lib/http/route';
import { startPaymentElement } from '@/lib/orders/pay-later';
import { startPaymentElementSchema } from '@/lib/payments/schemas';

/**
 * Body {orderId, method: 'card' | 'afterpay_clearpay' | 'klarna', saveCard?} → 200 {clientSecret,
 * paymentIntentId, returnUrl, approvalUrl: null}. The intent allows card plus the pay-later methods
 * that apply, for the order's total from the database. 400 method not available; 404 not the
 * user's order or no Stripe keys; 409 not payable or a payment in progress; 502 provider.
 */
export const POST = route({ auth: 'user', body: startPaymentElementSchema }, ({ user, body }) => startPaymentElement(user, body));
