// POST /api/payments/methods/add — save a card or PayPal account (spec §7 storefront: POST /payments/methods/add)
import { json, route } from '@/lib/http/route';
import { addPaymentMethod } from '@/lib/payments/methods';
import { addPaymentMethodSchema } from '@/lib/payments/schemas';

/**
 * Body {payment_type: 'credit_card', stripe_payment_method_id: 'pm_…'} or {payment_type: 'paypal',
 * paypal_email}. Card numbers are never accepted here. → 201 {message, paymentMethod}; 400 invalid
 * or refused by the provider; 401; 502 provider unavailable.
 */
export const POST = route({ auth: 'user', body: addPaymentMethodSchema }, async ({ user, body }) =>
  json({ message: 'New payment method added successfully!', paymentMethod: await addPaymentMethod(user, body) }, 201),
);
