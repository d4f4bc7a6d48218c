// PUT /api/orders/{id}/messages — set the customer and sales messages of an order (spec §7 admin)
import { updateOrderMessages } from '@/lib/orders/edit';
import { idParams, route } from '@/lib/http/route';
import { orderMessagesSchema } from '@/lib/orders/edit-schemas';

/**
 * Admin only. Body: { customer_message?, sales_message? } (text up to MAX_ORDER_MESSAGE characters,
 * lib/orders/edit-schemas.ts; empty or null clears).
 * → 200 the order JSON. 400 bad input; 404 unknown order.
 */
export const PUT = route({ auth: 'admin', params: idParams, body: orderMessagesSchema }, ({ user, params, body }) => updateOrderMessages(user, params.id, body));
