// POST /api/products/{id}/stock-alerts — "Email me when it's back" on an out-of-stock product (beyond the spec)
import { loginAddress } from '@/lib/accounts/login';
import { productIdParams } from '@/lib/catalog/query-schema';
import { route } from '@/lib/http/route';
import { subscribeToStockAlert } from '@/lib/mail/stock-alerts';
import { stockAlertRequestSchema } from '@/lib/mail/stock-alert-schemas';

/**
 * Body {email?} (a visitor's address; a signed-in customer's account address is used instead).
 * → 200 {product_id, email, status: 'subscribed' | 'confirmation_sent', message}; asking twice keeps
 * one alert. 404 unknown product; 409 "This product is in stock"; 400 a visitor without a valid
 * address; 429 past the visitors' limits (lib/mail/stock-alerts.ts).
 */
export const POST = route({ auth: 'optional', params: productIdParams, body: stockAlertRequestSchema }, ({ req, user, params, body }) =>
  subscribeToStockAlert(user, params.id, body.email, loginAddress(req.headers)),
);
