// DELETE /api/cart/remove/{cart_item_id} — remove a cart line (spec §7 storefront: DELETE /cart/remove/{id})
import { removeCartItem } from '@/lib/cart/service';
import { idParams, route } from '@/lib/http/route';

/** → 200 {message}; 400 bad id; 401; 404 not the user's line (nothing changes). */
export const DELETE = route({ auth: 'user', params: idParams }, async ({ user, params }) => {
  await removeCartItem(user.id, params.id);
  return { message: 'Item removed from cart.' };
});
