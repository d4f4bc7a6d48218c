// GET /api/orders/{id} — one order; PUT /api/orders/{id} — set the status (admin);
// DELETE /api/orders/{id} — cancel (customer) or delete (admin)
// (spec §7 storefront: GET /orders/{id}, DELETE /orders/{id}; admin: PUT /orders/{id} {status}, DELETE /orders/{id})
import { updateOrderStatus } from '@/lib/admin/orders';
import { idParams, route } from '@/lib/http/route';
import { getOrder } from '@/lib/orders/queries';
import { cancelOrder, deleteOrder } from '@/lib/orders/service';
import { orderStatusSchema } from '@/lib/validation/admin-orders';

export const dynamic = 'force-dynamic';

/** → 200 the order (spec §3 shape); 401; 404 not the user's (admins see any). */
export const GET = route({ auth: 'user', params: idParams }, ({ user, params }) => getOrder(user, params.id));

/**
 * Admin only. Body {status}: pending | processing | shipped | delivered | cancelled (any
 * transition, spec §4). Cancelling returns the order's stock; re-opening a cancelled order takes it
 * again. → 200 the order. 400 bad status; 404 unknown order; 409 not enough stock to re-open.
 */
export const PUT = route({ auth: 'admin', params: idParams, body: orderStatusSchema }, ({ params, body }) => updateOrderStatus(params.id, body.status));

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
