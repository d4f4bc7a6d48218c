// GET /api/orders/{id} — one order; DELETE /api/orders/{id} — cancel (customer) or delete (admin)
// (spec §7 storefront: GET /orders/{id}, DELETE /orders/{id}; admin: DELETE /orders/{id})
import { idParams, route } from '@/lib/http/route';
import { getOrder } from '@/lib/orders/queries';
import { cancelOrder, deleteOrder } from '@/lib/orders/service';

export const dynamic = 'force-dynamic';

/** → 200 the order (spec §3 shape); 401; 404 not the user's (admins see any). */
export const GET = route({ auth: 'user', params: idParams }, ({ user, params }) => getOrder(user, params.id));

/**
 * Customer: cancels their own pending, unpaid order; stock returns → 200 {message, order};
 * 409 with the reason when paid, shipped or already cancelled; 404 not theirs.
 * Admin: deletes the order (stock returns unless it was cancelled) → 200 {message};
 * 409 "A paid order cannot be deleted; refund it first."; 404 unknown.
 */
export const DELETE = route({ auth: 'user', params: idParams }, async ({ user, params }) => {
  if (user.isAdmin) {
    await deleteOrder(params.id);
    return { message: 'Order deleted.' };
  }
  return { message: 'Order cancelled successfully.', order: await cancelOrder(user.id, params.id) };
});
