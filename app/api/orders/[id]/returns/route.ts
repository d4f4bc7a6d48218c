// GET /api/orders/{id}/returns — what the customer may still return of their order, and until when
// POST /api/orders/{id}/returns — the customer asks to return items of a delivered order
import { returnRequestSchema } from '@/lib/orders/after-sale-schemas';
import { requestReturn, returnableLines } from '@/lib/orders/returns';
import { idParams, json, route } from '@/lib/http/route';

/**
 * The order's owner. 200 → { allowed, reason (why not, or null), windowEnds (ISO, or null before
 * delivery), lines: [{ order_item_id, name, returnable_quantity }] }. 401; 404 unknown order or
 * someone else's (an administrator's own orders only).
 */
export const GET = route({ auth: 'user', params: idParams }, ({ user, params }) => returnableLines(user, params.id));

/**
 * The order's customer. Body: { lines: [{ orderItemId, quantity }] (at least one), reason (3–1000
 * characters) }. 201 → the return, status requested; the "we have your return request" e-mail is
 * in the outbox. 400 invalid body; 401; 403 an administrator; 404 unknown order, someone else's,
 * or a line not of it; 409 not delivered, not paid, the return window (settings
 * return_window_days) closed, or more units than may still be returned.
 */
export const POST = route({ auth: 'user', params: idParams, body: returnRequestSchema }, async ({ user, params, body }) => json(await requestReturn(user, params.id, body), 201));
