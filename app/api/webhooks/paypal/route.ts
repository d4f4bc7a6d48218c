// POST /api/webhooks/paypal — PayPal events (PAYMENT.CAPTURE.REFUNDED: refunds made at PayPal)
import { route } from '@/lib/http/route';
import { handlePaypalWebhook } from '@/lib/orders/paypal-webhooks';

/**
 * Reads the raw body and PayPal's transmission headers; PayPal confirms the signature, and each
 * event id is handled once. → 200 {received: true, type, duplicate}; 400 not a PayPal event, a
 * missing header or a signature PayPal does not confirm; 502 not configured or PayPal unreachable.
 */
export const POST = route({ auth: 'public' }, async ({ req }) => handlePaypalWebhook(await req.text(), req.headers));
