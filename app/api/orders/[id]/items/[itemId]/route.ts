// DELETE /api/orders/{id}/items/{itemId} — remove an item from an order (spec §7 admin)
import { deleteOrderItem } from '@/lib/orders/edit';
import { orderItemParams } from '@/lib/orders/edit-schemas';
import { route } from '@/lib/http/route';

/**
 * Admin only. → 200 the order JSON with the item gone, its stock returned and totals recomputed.
 * 404 unknown order or an item of another order; 409 paid order or the order's last item.
 */
export const DELETE = route({ auth: 'admin', params: orderItemParams }, ({ user, params }) => deleteOrderItem(user, params.id, params.itemId));
