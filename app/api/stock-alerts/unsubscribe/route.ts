// POST /api/stock-alerts/unsubscribe?token=… — one-click unsubscribe from back-in-stock alerts (RFC 8058; beyond the spec)
import { route } from '@/lib/http/route';
import { unsubscribeFromStockAlerts } from '@/lib/mail/stock-alerts';
import { stockAlertTokenQuery } from '@/lib/mail/stock-alert-schemas';

/**
 * The address of the alert e-mail's List-Unsubscribe header: a mail client POSTs
 * `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded) to it, and the unsubscribe page's
 * button posts with no body; the token in the query is all it reads, and it needs no session (a
 * mail client has none). → 200 {email, product, status: 'unsubscribed', ended, message}: every open
 * alert of the address ended; 400 "This link is not valid" for an unknown or altered token, and
 * nothing changes.
 */
export const POST = route({ auth: 'public', query: stockAlertTokenQuery }, ({ query }) => unsubscribeFromStockAlerts(query.token));
