// POST /api/cart/clear — empty the cart (spec §7 storefront: POST /cart/clear)
import { clearCart } from '@/lib/cart/service';
import { route } from '@/lib/http/route';

/** Empty body → 200 {message, removed: number of lines}; 401. */
export const POST = route({ auth: 'user' }, async ({ user }) => ({ message: 'Cart cleared.', removed: await clearCart(user.id) }));
