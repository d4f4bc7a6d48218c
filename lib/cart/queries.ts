/**
 * Cart reads (spec §2 Cart page, §7 GET /cart). Server-only: pages and route handlers call these.
 */
import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { cartItems, carts, productImages, products } from '@/db/schema';
import { verifyLinkToken } from '@/lib/auth/signed-links';
import { toCartItemJson, type CartItemJson, type CartJson } from './mappers';

/**
 * The user's cart lines with their products, oldest line first; `onlyIds` narrows to those
 * cart_item_ids (other customers' ids simply match nothing).
 */
export async function listCartItems(userId: number, onlyIds?: number[], executor: Executor = db): Promise<CartItemJson[]> {
  if (onlyIds && onlyIds.length === 0) return [];
  const rows = await executor
    .select({
      id: cartItems.id,
      cartId: cartItems.cartId,
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      product: { id: products.id, name: products.name, sku: products.sku, price: products.price, stock: products.stock, archivedAt: products.archivedAt, color: products.color, function: products.function },
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(carts.userId, userId), onlyIds ? inArray(cartItems.id, onlyIds) : undefined))
    .orderBy(asc(cartItems.id));
  if (rows.length === 0) return [];
  const images = await executor
    .select({ id: productImages.id, productId: productImages.productId, url: productImages.url, sortOrder: productImages.sortOrder, isPrimary: productImages.isPrimary })
    .from(productImages)
    .where(inArray(productImages.productId, [...new Set(rows.map((r) => r.productId))]));
  return rows.map((r) => toCartItemJson({ ...r, images: images.filter((i) => i.productId === r.productId) }));
}

/** GET /api/cart → {cart_id, CartItems}; an empty cart when the user has none yet (a GET writes nothing). */
export async function getCart(userId: number, executor: Executor = db): Promise<CartJson> {
  const [cart] = await executor.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).limit(1);
  if (!cart) return { cart_id: null, CartItems: [] };
  return { cart_id: cart.id, CartItems: await listCartItems(userId, undefined, executor) };
}

/** Number of units in the user's cart (for a header badge). */
export async function countCartUnits(userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Whose cart a cart reminder's link (`/cart?reminder=<token>`, lib/mail/marketing.ts) names: the
 * owner's user id, or null when the token is missing, altered, expired or its cart is gone. The
 * link never signs anyone in; the cart page uses this only to tell a signed-in visitor that the
 * reminder was for another account.
 */
export async function reminderCartOwner(token: string | null | undefined, executor: Executor = db): Promise<number | null> {
  const cartId = Number(verifyLinkToken('cart-reminder', token));
  if (!Number.isSafeInteger(cartId) || cartId <= 0) return null;
  const [cart] = await executor.select({ userId: carts.userId }).from(carts).where(eq(carts.id, cartId)).limit(1);
  return cart?.userId ?? null;
}
