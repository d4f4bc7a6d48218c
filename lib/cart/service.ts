/**
 * Cart writes (spec §4 Cart selection, §5 Cart, §7 cart calls). Every function takes the signed-in
 * user's id and puts it in the WHERE clause: another customer's cart item is "not found".
 * Stock is checked here (never beyond stock → 409); it is reserved only when an order is placed.
 */
import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db, type Executor, type Tx } from '@/db/client';
import { cartItems, carts, products } from '@/db/schema';
import { conflict, notFound } from '@/lib/server/errors';
import type { AddToCartInput, UpdateCartItemInput } from '@/lib/cart/schemas';
import { listCartItems } from './queries';
import type { CartItemJson } from './mappers';

/** The user's cart id, created on first use. The upsert also locks the cart row, so one user's
 * concurrent cart writes run one after another. */
async function lockCart(tx: Tx, userId: number): Promise<number> {
  const [cart] = await tx
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id });
  return cart.id;
}

/** "Only 3 left of Poäng armchair." / "Sorry, Poäng armchair is out of stock." */
export function stockMessage(name: string, stock: number): string {
  return stock <= 0 ? `Sorry, ${name} is out of stock.` : `Only ${stock} left of ${name}.`;
}

/**
 * Why an add is refused: how many are left, how many were asked for (or already in the cart), and
 * that the cart did not change. The whole add is refused rather than trimmed to the stock, so the
 * shopper never ends up with a quantity they did not choose.
 */
export function addBeyondStockMessage(name: string, stock: number, asked: number, inCart: number): string {
  if (stock <= 0) return stockMessage(name, stock);
  if (inCart > 0) return `${stockMessage(name, stock)} You already have ${inCart} in your cart, so ${asked} more cannot be added.`;
  return `Only ${stock} left of ${name} — you asked for ${asked}. Nothing was added to your cart.`;
}

async function loadCartItem(userId: number, cartItemId: number, executor: Executor): Promise<CartItemJson> {
  const [item] = await listCartItems(userId, [cartItemId], executor);
  if (!item) throw notFound('Cart item not found.');
  return item;
}

/**
 * POST /api/cart/add: adds `quantity` (≥ 1) of a product; adding it again increases the line.
 * Returns the cart line. Errors: 404 unknown or archived product; 409 when the line would exceed
 * the stock (addBeyondStockMessage: "Only 7 left of {name} — you asked for 10. Nothing was added
 * to your cart."); nothing is added then, not even what is in stock.
 */
export async function addToCart(userId: number, input: AddToCartInput): Promise<CartItemJson> {
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, userId);
    const [product] = await tx
      .select({ id: products.id, name: products.name, stock: products.stock, sellable: products.sellableOnline })
      .from(products)
      .where(and(eq(products.id, input.product_id), isNull(products.archivedAt)))
      .limit(1);
    if (!product) throw notFound('This product is no longer available.');
    if (!product.sellable) throw conflict(`Sorry, ${product.name} is not sold online.`);
    const [existing] = await tx
      .select({ id: cartItems.id, quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, product.id)))
      .limit(1);
    const wanted = (existing?.quantity ?? 0) + input.quantity;
    if (wanted > product.stock) throw conflict(addBeyondStockMessage(product.name, product.stock, input.quantity, existing?.quantity ?? 0));
    let id: number;
    if (existing) {
      await tx.update(cartItems).set({ quantity: wanted }).where(eq(cartItems.id, existing.id));
      id = existing.id;
    } else {
      const [row] = await tx.insert(cartItems).values({ cartId, productId: product.id, quantity: wanted }).returning({ id: cartItems.id });
      id = row.id;
    }
    return loadCartItem(userId, id, tx);
  });
}

/**
 * PUT /api/cart/update: sets a line's quantity (≥ 1). Raising it beyond stock → 409; lowering is
 * always allowed (even when stock fell below the line). Someone else's line → 404.
 */
export async function updateCartItem(userId: number, input: UpdateCartItemInput): Promise<CartItemJson> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const item = await loadCartItem(userId, input.cart_item_id, tx);
    if (input.quantity > item.quantity && input.quantity > item.Product.stock) throw conflict(stockMessage(item.Product.name, item.Product.stock));
    await tx.update(cartItems).set({ quantity: input.quantity }).where(eq(cartItems.id, item.cart_item_id));
    return { ...item, quantity: input.quantity };
  });
}

/**
 * DELETE /api/cart/remove/{id}: removes one of the user's lines; someone else's → 404. Like every
 * change of the cart it moves the cart's last change (lockCart), so the lines left start their idle
 * time again (lib/orders/cart-reminders.ts).
 */
export async function removeCartItem(userId: number, cartItemId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const cartId = await lockCart(tx, userId);
    const removed = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.id, cartItemId), eq(cartItems.cartId, cartId)))
      .returning({ id: cartItems.id });
    if (removed.length === 0) throw notFound('Cart item not found.');
  });
}

/** POST /api/cart/clear: empties the user's cart; returns how many lines were removed. */
export async function clearCart(userId: number): Promise<number> {
  const removed = await db
    .delete(cartItems)
    .where(inArray(cartItems.cartId, db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))))
    .returning({ id: cartItems.id });
  return removed.length;
}
