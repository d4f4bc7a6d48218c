/**
 * Saved items, the customer's wishlist (docs/saved-items.md): save a product with its price of the
 * moment, list them with today's price and stock, remove one, move one to the cart. Every query has
 * the customer's id in its WHERE clause: someone else's saved items are never seen nor touched.
 */
import 'server-only';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { productImages, products, savedItems } from '@/db/schema';
import { addToCart } from '@/lib/cart/service';
import { illustrationOf } from '@/lib/catalog/illustrations';
import { toDecimal } from '@/lib/money';
import { conflict, notFound } from '@/lib/server/errors';
import type { SavedItemJson } from './contracts';
import { MAX_SAVED_ITEMS } from './schemas';

export const PRODUCT_NOT_FOUND = 'Product not found.';
export const NOT_SAVED = 'This product is not in your saved items.';

/**
 * The customer's saved items, newest first, each with the product as it is now and its primary
 * image (archived products stay listed, marked unavailable, until removed).
 */
export async function listSavedItems(userId: number, executor: Executor = db, onlyProductId?: number): Promise<SavedItemJson[]> {
  const rows = await executor
    .select({
      id: savedItems.id,
      priceWhenSaved: savedItems.priceWhenSaved,
      createdAt: savedItems.createdAt,
      product: { id: products.id, name: products.name, color: products.color, function: products.function, price: products.price, stock: products.stock, archivedAt: products.archivedAt, sellable: products.sellableOnline },
    })
    .from(savedItems)
    .innerJoin(products, eq(products.id, savedItems.productId))
    .where(and(eq(savedItems.userId, userId), onlyProductId ? eq(savedItems.productId, onlyProductId) : undefined))
    .orderBy(desc(savedItems.createdAt), desc(savedItems.id));
  if (rows.length === 0) return [];
  const images = await executor
    .select({ productId: productImages.productId, url: productImages.url })
    .from(productImages)
    .where(inArray(productImages.productId, rows.map((r) => r.product.id)))
    .orderBy(desc(productImages.isPrimary), asc(productImages.sortOrder), asc(productImages.id));
  const firstImage = new Map<number, string>();
  for (const i of images) if (!firstImage.has(i.productId)) firstImage.set(i.productId, i.url);
  return rows.map((r) => ({
    saved_item_id: r.id,
    product_id: r.product.id,
    name: r.product.name,
    color: r.product.color,
    image_url: firstImage.get(r.product.id) ?? null,
    illustration: illustrationOf({ name: r.product.name, function: r.product.function }),
    price: toDecimal(r.product.price),
    price_when_saved: toDecimal(r.priceWhenSaved),
    stock: r.product.stock,
    available: r.product.archivedAt === null && r.product.sellable,
    saved_at: r.createdAt.toISOString(),
  }));
}

/** The ids of the products the customer saved: the hearts' state on cached pages (GET /api/viewer). */
export async function listSavedProductIds(userId: number): Promise<number[]> {
  const rows = await db.select({ productId: savedItems.productId }).from(savedItems).where(eq(savedItems.userId, userId)).orderBy(asc(savedItems.productId));
  return rows.map((r) => r.productId);
}

/**
 * Saves a product for the customer with its current price (POST /api/saved-items). Saving it again
 * keeps the one row and its original price.
 * @returns `created` (false: it was saved already) and the saved item
 * @throws 404 PRODUCT_NOT_FOUND for an unknown or archived product; 409 past MAX_SAVED_ITEMS
 */
export async function saveItem(userId: number, productId: number): Promise<{ created: boolean; item: SavedItemJson }> {
  return db.transaction(async (tx) => {
    const [product] = await tx.select({ price: products.price }).from(products).where(and(eq(products.id, productId), isNull(products.archivedAt)));
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    const inserted = await tx.insert(savedItems).values({ userId, productId, priceWhenSaved: product.price }).onConflictDoNothing({ target: [savedItems.userId, savedItems.productId] }).returning({ id: savedItems.id });
    if (inserted.length === 1) {
      const [{ n }] = await tx.select({ n: count() }).from(savedItems).where(eq(savedItems.userId, userId));
      // Thrown inside the transaction: the insert rolls back with it.
      if (n > MAX_SAVED_ITEMS) throw conflict(`You can keep up to ${MAX_SAVED_ITEMS} saved items. Remove some to save more.`);
    }
    const [item] = await listSavedItems(userId, tx, productId);
    return { created: inserted.length === 1, item };
  });
}

/**
 * Removes a product from the customer's saved items (DELETE /api/saved-items).
 * @throws 404 NOT_SAVED when the customer has not saved it (another customer's item is not theirs)
 */
export async function removeSavedItem(userId: number, productId: number): Promise<void> {
  const removed = await db.delete(savedItems).where(and(eq(savedItems.userId, userId), eq(savedItems.productId, productId))).returning({ id: savedItems.id });
  if (removed.length === 0) throw notFound(NOT_SAVED);
}

/**
 * Moves a saved item to the cart (POST /api/saved-items/move-to-cart): adds one to the cart with
 * the cart's own rules, then removes it from the saved items. When the cart refuses (sold out, not
 * sold online, archived) the item stays saved and the cart's error is thrown.
 * @throws 404 NOT_SAVED; the cart's 404/409 (lib/cart/service.ts addToCart)
 */
export async function moveToCart(userId: number, productId: number): Promise<void> {
  const [saved] = await db.select({ id: savedItems.id }).from(savedItems).where(and(eq(savedItems.userId, userId), eq(savedItems.productId, productId)));
  if (!saved) throw notFound(NOT_SAVED);
  // The cart's own transaction and rules (stock, sellable); the saved row goes only once the line is in.
  await addToCart(userId, { product_id: productId, quantity: 1 });
  await db.delete(savedItems).where(eq(savedItems.id, saved.id));
}
