// GET /api/viewer — who is browsing and how many units are in their cart, for the header (not in the spec)
import { countCartUnits } from '@/lib/cart/queries';
import { json, route } from '@/lib/http/route';
import { listSavedProductIds } from '@/lib/saved/service';

export const dynamic = 'force-dynamic';

/**
 * The storefront pages are cached and identical for everyone; the browser asks this endpoint for
 * the parts that depend on the session (header account menu, cart badge, add-to-cart state, the
 * saved items' hearts). → 200 {user: {user_name, is_admin} | null, cart_count: number (units in the
 * cart; 0 for visitors and administrators), saved_product_ids: number[] ([] for visitors)},
 * `Cache-Control: private, no-store`. Never 401: a visitor is `user: null`.
 */
export const GET = route({ auth: 'optional' }, async ({ user }) => {
  const body = user
    ? { user: { user_name: user.userName, is_admin: user.isAdmin }, cart_count: user.isAdmin ? 0 : await countCartUnits(user.id), saved_product_ids: await listSavedProductIds(user.id) }
    : { user: null, cart_count: 0, saved_product_ids: [] };
  return json(body, 200, { headers: { 'Cache-Control': 'private, no-store' } });
});
