// POST /api/discount-codes/preview — a discount code priced on the signed-in customer's cart
import { route } from '@/lib/http/route';
import { previewDiscount } from '@/lib/discounts/service';
import { discountPreviewSchema } from '@/lib/discounts/schemas';

/**
 * Body {code, cart_item_ids? (the lines the order will carry; left out: the whole cart)}.
 * → 200 {code, description, eligible_subtotal, discount_amount, subtotal, shipping_fee, gst_amount,
 * gst_rate_percent, prices_include_gst, total_amount, currency} (dollars); nothing is reserved.
 * 400 unknown, off, not started, ended, no eligible items, below the minimum spend, empty cart;
 * 401; 404 a line not in the cart; 409 every use (or the customer's uses) taken.
 */
export const POST = route({ auth: 'user', body: discountPreviewSchema }, ({ user, body }) => previewDiscount(user, body));
