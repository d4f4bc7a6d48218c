// DELETE /api/orders/{id}/items/{itemId} — remove an item from an order (spec §7 admin)
import { z } from 'zod';
import { deleteOrderItem } from '@/lib/orders/edit';
import { route } from '@/lib/http/route';

const params = z.object({
  id: z.coerce.number().int().positive('The order id must be a positive whole number.'),
  itemId: z.coerce.number().int().positive('The item id must be a positive whole number.'),
});

/**
 * Admin only. → 200 the order JSON with the item gone, its stock returned and totals recomputed.
 * 404 unknown order or an item of another order; 409 paid order or the order's last item.
 */
export const DELETE = route({ auth: 'admin', params }, ({ user, params }) => deleteOrderItem(user, params.id, params.itemId));
