// POST /api/orders/submit — choose how an order will be paid (spec §7 storefront: POST /orders/submit)
import { route } from '@/lib/http/route';
import { submitOrder } from '@/lib/orders/service';
import { submitOrderSchema } from '@/lib/orders/schemas';

/** Body {orderId, payment_method: 'credit_card' | 'paypal'} → 200 {message, order}; 401; 404 not the user's; 409 no longer payable. */
export const POST = route({ auth: 'user', body: submitOrderSchema }, async ({ user, body }) => ({
  message: 'Order submitted.',
  order: await submitOrder(user.id, body.orderId, body.payment_method),
}));
