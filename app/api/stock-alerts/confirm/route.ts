// POST /api/stock-alerts/confirm — confirm a visitor's back-in-stock alert with its e-mailed link (beyond the spec)
import { route } from '@/lib/http/route';
import { confirmStockAlert } from '@/lib/mail/stock-alerts';
import { stockAlertConfirmSchema } from '@/lib/mail/stock-alert-schemas';

/**
 * Body {token}. → 200 {email, product, status: 'confirmed' | 'ended', ended: 0, message}; 400 "This
 * link is not valid" for an unknown or altered token, and nothing changes.
 */
export const POST = route({ auth: 'public', body: stockAlertConfirmSchema }, ({ body }) => confirmStockAlert(body.token));
