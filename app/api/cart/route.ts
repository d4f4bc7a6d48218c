// GET /api/cart — the signed-in user's cart (spec §7 storefront: GET /cart)
import { getCart } from '@/lib/cart/queries';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** → 200 {cart_id, CartItems: [{cart_item_id, cart_id, product_id, quantity, Product: {product_id, name, sku, price (dollars), stock, available, images}}]}; 401 signed out. */
export const GET = route({ auth: 'user' }, ({ user }) => getCart(user.id));
