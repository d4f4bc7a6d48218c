// GET /api/cron/expire-orders — release unpaid orders whose hold ran out, then drain the outbox (docs/orders.md)
import { runExpiryJob } from '@/lib/orders/expiry';
import { errorResponse, json, route } from '@/lib/http/route';
import { CRON_UNAUTHORIZED, isCronRequest } from '../authorize';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * For a serverless host's scheduler (e.g. a Vercel cron entry), authorised by
 * `Authorization: Bearer <CRON_SECRET>`. Cancels pending unpaid orders past their hold (stock back
 * on the shelves, the customer's e-mail in the outbox) and delivers due outbox messages.
 * Also retries refunds left pending over 2 minutes (same gateway key, so never twice), writes the due
 * cart reminders to consenting customers (lib/orders/cart-reminders.ts), and makes the
 * due card-gateway calls of the outbox (detaching removed saved cards).
 * → 200 `{ expired, refunds: { retried, succeeded, failed }, cart_reminders: { due, written }, delivered: { claimed, sent, retrying, failed, cancelled },
 * cards_detached: { claimed, detached, retrying, failed } }`; 401 `{ message, code }`
 * without the right secret, or when CRON_SECRET is unset. Never cached.
 */
export const GET = route({ auth: 'public' }, async ({ req }) => {
  if (!isCronRequest(req.headers)) {
    const refused = errorResponse(401, CRON_UNAUTHORIZED, 'unauthorized');
    refused.headers.set('Cache-Control', 'no-store');
    return refused;
  }
  return json(await runExpiryJob(), 200, { headers: NO_STORE });
});
