// POST /api/saved-items/move-to-cart — put one of a saved product in the cart and take it off the saved items (docs/saved-items.md)
import { route } from '@/lib/http/route';
import { savedItemSchema } from '@/lib/saved/schemas';
import { moveToCart } from '@/lib/saved/service';

/**
 * Body {product_id}. Adds one to the cart under the cart's rules, then removes the saved item.
 * → 200 {message}; 400; 401; 404 not saved, or the product is no longer available; 409 sold out or
 * not sold online (the item stays saved).
 */
export const POST = route({ auth: 'user', body: savedItemSchema }, async ({ user, body }) => {
  await moveToCart(user.id, body.product_id);
  return { message: 'Moved to your cart.' };
});
