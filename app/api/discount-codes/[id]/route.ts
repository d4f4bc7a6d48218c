// PATCH /api/discount-codes/{id} — edit a discount code or switch it off (admin)
import { idParams, route } from '@/lib/http/route';
import { updateDiscountCode } from '@/lib/discounts/service';
import { discountCodeUpdateSchema } from '@/lib/discounts/schemas';

/**
 * Body: any field of POST /api/discount-codes; `{active: false}` switches the code off, `category_ids: []`
 * lifts a category limit. Orders already placed keep their discount.
 * → 200 DiscountCode; 400 invalid; 401/403; 404 unknown code; 409 the new code exists.
 */
export const PATCH = route({ auth: 'admin', params: idParams, body: discountCodeUpdateSchema }, ({ user, params, body }) => updateDiscountCode(user, params.id, body));
