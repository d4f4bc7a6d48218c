// POST /api/payments/paypal/orders — create the PayPal order for one of our orders (PayPal Orders v2, server side)
import { json, route } from '@/lib/http/route';
import { createPaypalOrder } from '@/lib/orders/payment';
import { createPaypalOrderSchema } from '@/lib/payments/schemas';

/** Body {orderId} → 201 {id} (the PayPal order id the buttons approve); 401; 404; 409 not payable; 502 provider unavailable. */
export const POST = route({ auth: 'user', body: createPaypalOrderSchema }, async ({ user, body }) => json(await createPaypalOrder(user, body.orderId), 201));
