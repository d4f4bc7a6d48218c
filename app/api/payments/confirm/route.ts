// POST /api/payments/confirm — record a card payment after 3-D Secure (extends spec §7: the follow-up of requiresAction)
import { route } from '@/lib/http/route';
import { confirmPayment } from '@/lib/orders/payment';
import { confirmPaymentSchema } from '@/lib/payments/schemas';

/** Body {orderId} → 200 as POST /api/payments/submit; 402 authentication failed; 404; 409 nothing awaiting confirmation. */
export const POST = route({ auth: 'user', body: confirmPaymentSchema }, ({ user, body }) => confirmPayment(user, body.orderId));
