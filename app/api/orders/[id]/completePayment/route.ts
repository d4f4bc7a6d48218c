// POST /api/orders/{id}/completePayment — finish a PayPal payment (spec §7 storefront: POST /orders/{id}/completePayment)
import { idParams, route } from '@/lib/http/route';
import { completePaypalPayment } from '@/lib/orders/payment';
import { completePaymentSchema } from '@/lib/payments/schemas';

/**
 * Body {paypalOrderId, paymentStatus?, currency?}. The server captures the PayPal order and checks
 * with PayPal that it is COMPLETED for this order's amount and currency; the client's
 * paymentStatus is ignored. → 200 {success: true, message: "Payment successful!", …};
 * 402 PayPal did not complete it; 404 not the user's order or not its PayPal order; 409 not payable.
 */
export const POST = route({ auth: 'user', params: idParams, body: completePaymentSchema }, ({ user, params, body }) =>
  completePaypalPayment(user, params.id, body.paypalOrderId),
);
