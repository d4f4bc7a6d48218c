// GET /api/payments/methods — the user's saved payment methods (spec §7 storefront: GET /payments/methods)
import { route } from '@/lib/http/route';
import { listPaymentMethods } from '@/lib/payments/methods';

export const dynamic = 'force-dynamic';

/** → 200 [{payment_method_id, payment_type, card_brand, card_last4, card_exp_month, card_exp_year, paypal_email, is_default, created_at}]; 401. */
export const GET = route({ auth: 'user' }, ({ user }) => listPaymentMethods(user.id));
