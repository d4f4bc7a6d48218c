// GET /api/orders/{id}/delivery — a two-person order's booked day and the days it may move to;
// PATCH /api/orders/{id}/delivery — move it (docs/delivery.md)
import { idParams, route } from '@/lib/http/route';
import { deliveryDaysOf, moveDeliveryDay } from '@/lib/orders/delivery-move';
import { deliveryMoveSchema } from '@/lib/orders/schemas';

export const dynamic = 'force-dynamic';

/**
 * Owner or admin. → 200 {order_id, date, window, change_until, days [{date, windows}]}: the booked
 * day and window, the last day (shop time zone) it may be changed, and the service's offered days
 * with the windows that still have room. 401; 404 not the user's order; 400 not a two-person
 * order; 409 too late (two working days before delivery), shipped/delivered/cancelled, or its
 * service no longer offered — the message says which.
 */
export const GET = route({ auth: 'user', params: idParams }, ({ user, params }) => deliveryDaysOf(user, params.id));

/**
 * Owner or admin. Body {date: 'YYYY-MM-DD', window: 'morning' | 'afternoon'}. Moves the booking in
 * one transaction (new window taken under the capacity rule, old one given back, the order's day
 * updated, "Your delivery day has changed" e-mail to the outbox) → 200 the order. 400 bad body, not
 * a two-person order, or a day the service does not offer; 401; 404 not the user's order;
 * 409 too late (the message names the cut-off), the order's status or service no longer allows it,
 * or "That window is now full — please pick another day".
 */
export const PATCH = route({ auth: 'user', params: idParams, body: deliveryMoveSchema }, ({ user, params, body }) => moveDeliveryDay(user, params.id, body));
