// GET /api/orders/{id} — one order; PUT /api/orders/{id} — save an order edit (admin);
// DELETE /api/orders/{id} — cancel (customer) or delete (admin)
// (spec §7 storefront: GET /orders/{id}, DELETE /orders/{id}; admin: PUT /orders/{id} {status}, DELETE /orders/{id})
import { updateOrder } from '@/lib/orders/edit';
import { idParams, route } from '@/lib/http/route';
import { getOrder } from '@/lib/orders/queries';
import { removeOrder } from '@/lib/orders/service';
import { orderUpdateSchema } from '@/lib/orders/edit-schemas';

export const dynamic = 'force-dynamic';

/** → 200 the order (spec §3 shape); 401; 404 not the user's (admins see any). */
export const GET = route({ auth: 'user', params: idParams }, ({ user, params }) => getOrder(user, params.id));

/**
 * Admin only. Body: any of
 *   status: pending | processing | shipped | delivered | cancelled (any transition, spec §4;
 *     cancelling returns the order's stock, re-opening a cancelled order reserves it again),
 *   items: [{ itemId, quantity (whole ≥ 1), price (dollars) }] (as PUT /api/orders/{id}/items),
 *   customer_message, sales_message (as PUT /api/orders/{id}/messages).
 * The spec's `{status}` alone is the simplest case. Everything sent is saved in one transaction,
 * or nothing is (the Edit Order form saves through this one request).
 * → 200 the order. 400 bad input; 404 unknown order or an item of another order; 409 items of a
 * paid order, or not enough stock (message names the product) — nothing changed.
 */
export const PUT = route({ auth: 'admin', params: idParams, body: orderUpdateSchema }, ({ user, params, body }) => updateOrder(user, params.id, body));

/**
 * Customer: cancels their own pending, unpaid order; stock returns → 200 {message, order};
 * 409 with the reason when paid, shipped or already cancelled; 404 not theirs.
 * Admin: deletes the order (stock returns unless it was cancelled) → 200 {message};
 * 409 "A paid order cannot be deleted; refund it first."; 404 unknown.
 */
export const DELETE = route({ auth: 'user', params: idParams }, ({ user, params }) => removeOrder(user, params.id));
