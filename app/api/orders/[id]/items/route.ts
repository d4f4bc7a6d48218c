// PUT /api/orders/{id}/items — change quantities and unit prices of an order's items (spec §7 admin, §5 Admin order items)
import { updateOrderItems } from '@/lib/orders/edit';
import { idParams, route } from '@/lib/http/route';
import { orderItemsSchema } from '@/lib/orders/edit-schemas';

/**
 * Admin only. Body: [{ itemId, quantity (whole ≥ 1), price (dollars ≥ 0, 2 decimals) }] (or { items }).
 * → 200 the order JSON with recomputed totals. 400 bad input; 404 unknown order or an item of
 * another order; 409 paid order or not enough stock.
 */
export const PUT = route({ auth: 'admin', params: idParams, body: orderItemsSchema }, ({ user, params, body }) => updateOrderItems(user, params.id, body));
