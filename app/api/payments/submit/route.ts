// POST /api/payments/submit — pay an order with a saved card (spec §7 storefront: POST /payments/submit)
import { route } from '@/lib/http/route';
import { submitPayment } from '@/lib/orders/payment';
import { submitPaymentSchema } from '@/lib/payments/schemas';

/**
 * Body {orderId, paymentMethodId}. The amount is the order's total from the database.
 * → 200 {success, requiresAction, clientSecret, status: 'paid' | 'requires_action' | 'pending', orderId};
 * 402 declined {message, success: false} (the order stays payable); 400 a PayPal method; 401;
 * 404 order or method not the user's; 409 not payable; 502 provider unavailable.
 */
export const POST = route({ auth: 'user', body: submitPaymentSchema }, ({ user, body }) => submitPayment(user, body));
