// GET /api/orders/{id}/refunds — an order's refunds and what may still be refunded (admin or the order's owner)
// POST /api/orders/{id}/refunds — refund an order in full or in part (admin)
import { refundInputSchema } from '@/lib/orders/after-sale-schemas';
import { createRefund, listOrderRefunds } from '@/lib/orders/refunds';
import { idParams, json, route } from '@/lib/http/route';

/**
 * Admin or the order's owner. 200 → { order_id, currency, payment_status, paid, refunded,
 * refundable, delivery_fee_refundable, lines: [{ order_item_id, name, quantity, unit_price,
 * refundable_quantity }], refunds: [refund…] } (dollars; refunds newest first, each with its
 * lines, status and credit note). 401 signed out; 404 unknown order or someone else's.
 */
export const GET = route({ auth: 'user', params: idParams }, ({ user, params }) => listOrderRefunds(user, params.id));

/**
 * Admin only. Body: { lines?: [{ orderItemId, quantity }], amount? (dollars; instead of lines),
 * includeDeliveryFee?, restock?, reason?, idempotencyKey } — the amount comes from the database
 * (line prices), never from the client. 201 → the refund after the gateway answered: succeeded,
 * pending (the gateway is slow or unreachable; retried by the cron route) or failed (with the
 * gateway's message). The same idempotencyKey again → 201 with the same refund (a double click
 * refunds once). 400 invalid body; 401/403; 404 unknown order or line; 409 not paid, quantities or
 * amount above what may still be refunded, delivery fee already refunded.
 */
export const POST = route({ auth: 'admin', params: idParams, body: refundInputSchema }, async ({ user, params, body }) => json((await createRefund(user, params.id, body)).refund, 201));
