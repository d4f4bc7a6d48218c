// POST /api/cart/add — add a product to the cart (spec §7 storefront: POST /cart/add, §5 Add-to-cart)
import { addToCart } from '@/lib/cart/service';
import { json, route } from '@/lib/http/route';
import { addToCartSchema } from '@/lib/cart/schemas';

/**
 * Body {product_id, quantity ≥ 1 (default 1)}; adding the same product again increases its line.
 * → 200 {message, CartItem}; 400 invalid input ("Quantity must be at least 1"); 401; 404 unknown
 * product; 409 beyond stock ("Only 7 left of {name} — you asked for 10. Nothing was added to your
 * cart."), and the cart is unchanged.
 */
export const POST = route({ auth: 'user', body: addToCartSchema }, async ({ user, body }) => {
  const item = await addToCart(user.id, body);
  return json({ message: 'Item added to cart.', CartItem: item });
});
