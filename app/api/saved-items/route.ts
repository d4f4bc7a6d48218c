// GET /api/saved-items — the signed-in customer's saved items (docs/saved-items.md; not in the spec)
// POST /api/saved-items — save a product
// DELETE /api/saved-items — remove a saved product
import { json, route } from '@/lib/http/route';
import { savedItemSchema } from '@/lib/saved/schemas';
import { listSavedItems, removeSavedItem, saveItem } from '@/lib/saved/service';

/** → 200 {items: SavedItem[]} newest first, each with the price when saved and now, stock and availability; 401 without a session. */
export const GET = route({ auth: 'user' }, async ({ user }) => ({ items: await listSavedItems(user.id) }));

/**
 * Body {product_id}. → 200 {message, item}: saved with today's price, or already saved (still one
 * row, its first price kept). 400 bad product_id; 401; 404 "Product not found." for an unknown or
 * archived product; 409 past the most saved items one customer keeps.
 */
export const POST = route({ auth: 'user', body: savedItemSchema }, async ({ user, body }) => {
  const { created, item } = await saveItem(user.id, body.product_id);
  return json({ message: created ? 'Saved for later.' : 'Already in your saved items.', item });
});

/** Body {product_id}. → 200 {message}; 400 bad product_id; 401; 404 when the customer has not saved it. */
export const DELETE = route({ auth: 'user', body: savedItemSchema }, async ({ user, body }) => {
  await removeSavedItem(user.id, body.product_id);
  return { message: 'Removed from your saved items.' };
});
