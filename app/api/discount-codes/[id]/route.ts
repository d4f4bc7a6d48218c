// PATCH /api/discount-codes/{id} — edit a discount code or switch it off; DELETE — remove an unused one (admin)
import { idParams, route } from '@/lib/http/route';
import { deleteDiscountCode, updateDiscountCode } from '@/lib/discounts/service';
import { discountCodeUpdateSchema } from '@/lib/discounts/schemas';

/**
 * Body: any field of POST /api/discount-codes; `{active: false}` switches the code off, `category_ids: []`
 * lifts a category limit. Orders already placed keep their discount.
 * → 200 DiscountCode; 400 invalid; 401/403; 404 unknown code; 409 the new code exists.
 */
export const PATCH = route({ auth: 'admin', params: idParams, body: discountCodeUpdateSchema }, ({ user, params, body }) => updateDiscountCode(user, params.id, body));

/**
 * Deletes a code no order ever carried (docs/discounts.md). → 200 { message }; 401/403; 404 unknown
 * code; 409 the code is on orders (cancelled ones too): switch it off instead.
 */
export const DELETE = route({ auth: 'admin', params: idParams }, async ({ user, params }) => {
  await deleteDiscountCode(user, params.id);
  return { message: 'Discount code deleted.' };
});
