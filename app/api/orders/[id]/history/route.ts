// GET /api/orders/{id}/history — the order's history (admin: every entry in staff words; the order's owner: customer words)
import { orderHistory } from '@/lib/orders/history';
import { idParams, route } from '@/lib/http/route';

/**
 * Admin or the order's owner. 200 → { order_id, events: [{ event_id, at, kind, actor (staff |
 * customer | system), by (admin only), text, note, note_label }] }, oldest first (docs/orders.md
 * "Order history"). 401 signed out; 404 unknown order or someone else's.
 */
export const GET = route({ auth: 'user', params: idParams }, ({ user, params }) => orderHistory(user, params.id));
