// DELETE /api/payments/methods/{id} — remove a saved payment method (spec §7 storefront: DELETE /payments/methods/{id})
// PATCH /api/payments/methods/{id} — make it the default (beyond the spec; docs/buying.md "Card")
import { idParams, route } from '@/lib/http/route';
import { removePaymentMethod, setDefaultPaymentMethod } from '@/lib/payments/methods';
import { updatePaymentMethodSchema } from '@/lib/payments/schemas';

/** → 200 {message}; 401; 404 not the user's (nothing changes). A soft delete: past payments keep their method. */
export const DELETE = route({ auth: 'user', params: idParams }, async ({ user, params }) => {
  await removePaymentMethod(user.id, params.id);
  return { message: 'Payment method removed successfully!' };
});

/**
 * Body {is_default: true}: the method becomes the user's default (the card checkout preselects),
 * every other method loses the flag. → 200 {message, paymentMethod}; 400 anything but
 * is_default: true; 401; 404 not the user's, removed or unknown (nothing changes).
 */
export const PATCH = route({ auth: 'user', params: idParams, body: updatePaymentMethodSchema }, async ({ user, params }) => ({
  message: 'Default payment method updated.',
  paymentMethod: await setDefaultPaymentMethod(user.id, params.id),
}));
