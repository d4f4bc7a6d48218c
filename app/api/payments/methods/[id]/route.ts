// DELETE /api/payments/methods/{id} — remove a saved payment method (spec §7 storefront: DELETE /payments/methods/{id})
import { idParams, route } from '@/lib/http/route';
import { removePaymentMethod } from '@/lib/payments/methods';

/** → 200 {message}; 401; 404 not the user's (nothing changes). A soft delete: past payments keep their method. */
export const DELETE = route({ auth: 'user', params: idParams }, async ({ user, params }) => {
  await removePaymentMethod(user.id, params.id);
  return { message: 'Payment method removed successfully!' };
});
