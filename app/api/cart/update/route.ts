// PUT /api/cart/update — change a cart line's quantity (spec §7 storefront: PUT /cart/update)
import { updateCartItem } from '@/lib/cart/service';
import { route } from '@/lib/http/route';
import { updateCartItemSchema } from '@/lib/cart/schemas';

/** Body {cart_item_id, quantity ≥ 1} → 200 {message, CartItem}; 400; 401; 404 not the user's line; 409 beyond stock. */
export const PUT = route({ auth: 'user', body: updateCartItemSchema }, async ({ user, body }) => ({
  message: 'Cart updated.',
  CartItem: await updateCartItem(user.id, body),
}));
