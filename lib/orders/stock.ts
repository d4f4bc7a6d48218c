/**
 * The stock rules of orders (spec §4 Order flow, Admin order editing; docs/architecture.md "Stock"), in one
 * place for customer orders and admin order edits alike:
 *   - units are taken off the shelf by one conditional UPDATE that never goes below zero and only
 *     matches a live product that is sold online, whatever the concurrency;
 *   - units go back on the shelf when an order is cancelled or deleted unpaid, or an admin lowers
 *     or deletes a line;
 *   - a reservation that brings a product from above the low_stock_threshold setting to or below
 *     it writes the administrators' low-stock e-mail in the same transaction (lib/mail/events.ts);
 *   - before reserving, a transaction releases the overdue holds of unpaid orders on the products
 *     it needs (lib/orders/expiry.ts expireOrders(tx, { productIds })), so a stale hold never
 *     blocks a buyer.
 * Callers run these inside their transaction; each move reports whether it took the product across
 * zero (RETURNING the new stock: before = after ± the units moved), and after the commit the callers
 * hand the moves to invalidateProductStock (lib/catalog/read/cache.ts), which drops the products' own
 * cached reads, and the product lists only when a product sold out or came back.
 */
import 'server-only';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { products, settings } from '@/db/schema';
import { DEFAULT_SETTINGS } from '@/db/default-settings';
import type { StockMove } from '@/lib/catalog/read/cache';
import { stockMessage } from '@/lib/cart/service';
import { mailLowStock } from '@/lib/mail/events';
import { conflict } from '@/lib/server/errors';

/** What an order line snapshots of the product it reserved (price in cents). */
export type ReservedProduct = { name: string; sku: string; price: number; size: string | null; material: string | null; color: string | null };

/** What a reservation gives back: the order line's snapshot of the product, and the stock move for the caller's cache refresh. */
export type Reservation = { product: ReservedProduct; move: StockMove };

/** The move of a product's stock from `before` to `after` units: availability changed when it crossed zero (sold out, or back in stock). */
const stockMove = (productId: number, before: number, after: number): StockMove => ({ productId, availabilityChanged: (before > 0) !== (after > 0) });

/**
 * The low_stock_threshold setting (units), read by the reservation's own UPDATE … RETURNING, so a
 * reserved line costs one round trip (the default when the setting was never saved).
 */
const LOW_STOCK_THRESHOLD = sql<number>`coalesce((SELECT (${settings.value} #>> '{}')::numeric FROM ${settings} WHERE ${settings.key} = 'low_stock_threshold'), ${Number(DEFAULT_SETTINGS.low_stock_threshold)})`;

/**
 * Takes `quantity` units (whole, > 0) of a product off the shelf.
 * @returns the product's snapshot fields and the move (availabilityChanged when these were its last units).
 * When this brings the product from above the low_stock_threshold setting to or below it, the
 * administrators' low-stock e-mail is written in the same transaction (once per crossing).
 *
 * `more` says the units come on top of ones the order already holds (an admin raising a line or
 * re-opening an order): the message then says how many more were needed.
 *
 * The caller releases overdue holds of the products it needs first (lib/orders/expiry.ts
 * expireOrders(tx, { productIds })), before its first reservation.
 *
 * @throws 409 "Sorry, {name} is no longer available." when the product is gone, archived or not
 *   sold online; 409 "Only N left of {name}." / "Sorry, {name} is out of stock." when short.
 *   Nothing is written when it throws.
 */
export async function reserveStock(tx: Tx, productId: number, quantity: number, opts: { more?: boolean } = {}): Promise<Reservation> {
  const [product] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: sql`now()` })
    .where(and(eq(products.id, productId), gte(products.stock, quantity), isNull(products.archivedAt), eq(products.sellableOnline, true)))
    .returning({ name: products.name, sku: products.sku, price: products.price, size: products.size, material: products.material, color: products.color, stock: products.stock, threshold: LOW_STOCK_THRESHOLD });
  if (product) {
    const { stock: after, threshold: rawThreshold, ...snapshot } = product;
    const threshold = Number(rawThreshold);
    if (after <= threshold && after + quantity > threshold) await mailLowStock(tx, productId, { before: after + quantity });
    return { product: snapshot, move: stockMove(productId, after + quantity, after) };
  }
  const [current] = await tx
    .select({ name: products.name, stock: products.stock, archivedAt: products.archivedAt, sellable: products.sellableOnline })
    .from(products)
    .where(eq(products.id, productId));
  if (!current || current.archivedAt || !current.sellable) throw conflict(`Sorry, ${current?.name ?? 'a product of this order'} is no longer available.`);
  const short = stockMessage(current.name, current.stock);
  throw conflict(opts.more ? `Not enough stock: ${short} ${quantity} more would be needed.` : short);
}

/**
 * Puts `quantity` units of a product back on the shelf. Archived or unsellable products take their
 * units back too: the shelf count stays true.
 * @returns the move (availabilityChanged when the product was out of stock), or null when nothing
 *   moved (quantity ≤ 0, or no such product).
 */
export async function returnStock(tx: Tx, productId: number, quantity: number): Promise<StockMove | null> {
  if (quantity <= 0) return null;
  const [row] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: sql`now()` })
    .where(eq(products.id, productId))
    .returning({ stock: products.stock });
  return row ? stockMove(productId, row.stock - quantity, row.stock) : null;
}
