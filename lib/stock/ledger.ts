/**
 * The one writer of on-hand stock (docs/stock.md "The ledger"): every change of a location's
 * on-hand units is a row of stock_ledger written in the same statement sequence, inside the
 * caller's transaction, so a location's on hand always equals the sum of its ledger rows.
 * products.stock (the spec's `stock`) follows by the trigger `stock_levels_sum` (migration 0038).
 *
 * Callers: orders (units sold at fulfilment, cancelled after it, returns restocked), the back
 * office's adjustments and transfers, and the product import's counts.
 */
import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { stockLedger, stockLevels, stockLocations, products, type StockMoveReason } from '@/db/schema';
import { AppError } from '@/lib/server/errors';

/** Who moved stock: a staff member (id and name at the time), or the shop itself (id null, "Shop"). */
export type StockActor = { id: number | null; label: string };

/** The shop's own moves (an order fulfilled or cancelled, a return restocked by the customer's flow). */
export const SHOP: StockActor = { id: null, label: 'Shop' };

/** What a move came from, kept on its ledger row. */
export type MoveSource = { orderId?: number | null; importId?: string | null; counterpartLocationId?: number | null; note?: string };

/** A move of on-hand units: `change` whole units, + into the location, − out of it (never 0). */
export type OnHandMove = MoveSource & { locationId: number; productId: number; change: number; reason: StockMoveReason; actor: StockActor };

/** A location's level of one product after a move (units). */
export type Level = { onHand: number; reserved: number };

/**
 * Moves a location's on-hand units of a product by `change` and writes the ledger row.
 * @returns the level after the move.
 * @throws 409 when the move would take on hand below what is held for orders (or below zero):
 *   "Only N of {product} can leave {location}: M are on hand and R held for orders."; 400 for a
 *   change of 0 or not whole. Nothing is written when it throws.
 */
export async function moveOnHand(tx: Tx, move: OnHandMove): Promise<Level> {
  const { locationId, productId, change } = move;
  if (!Number.isInteger(change) || change === 0) throw new AppError('bad_request', 'A stock change is a whole number of units other than 0.');
  const [level] =
    change > 0
      ? await tx
          .insert(stockLevels)
          .values({ locationId, productId, onHand: change })
          .onConflictDoUpdate({ target: [stockLevels.productId, stockLevels.locationId], set: { onHand: sql`${stockLevels.onHand} + ${change}`, updatedAt: sql`now()` } })
          .returning({ onHand: stockLevels.onHand, reserved: stockLevels.reserved })
      : await tx
          .update(stockLevels)
          .set({ onHand: sql`${stockLevels.onHand} + ${change}`, updatedAt: sql`now()` })
          .where(and(eq(stockLevels.locationId, locationId), eq(stockLevels.productId, productId), sql`${stockLevels.onHand} - ${stockLevels.reserved} >= ${-change}`))
          .returning({ onHand: stockLevels.onHand, reserved: stockLevels.reserved });
  if (!level) throw await shortOnHand(tx, locationId, productId, -change);
  await tx.insert(stockLedger).values({
    locationId,
    productId,
    change,
    reason: move.reason,
    actorId: move.actor.id,
    actorLabel: move.actor.label,
    orderId: move.orderId ?? null,
    importId: move.importId ?? null,
    counterpartLocationId: move.counterpartLocationId ?? null,
    note: move.note ?? '',
  });
  return level;
}

/**
 * Sets a location's on-hand units of a product to `onHand` (a stocktake, an import's figure, the
 * product editor's number): one `count` row (or the given reason) for the difference, none when equal.
 * @returns the level after, and the change written (0 when none).
 * @throws 400 for a negative or fractional figure; 409 when below what is held for orders.
 */
export async function setOnHand(tx: Tx, target: MoveSource & { locationId: number; productId: number; onHand: number; actor: StockActor; reason?: StockMoveReason }): Promise<Level & { change: number }> {
  const { locationId, productId, onHand } = target;
  if (!Number.isInteger(onHand) || onHand < 0) throw new AppError('bad_request', 'Stock on hand is a whole number of units, 0 or more.');
  const [current] = await tx
    .select({ onHand: stockLevels.onHand, reserved: stockLevels.reserved })
    .from(stockLevels)
    .where(and(eq(stockLevels.locationId, locationId), eq(stockLevels.productId, productId)))
    .for('update');
  const change = onHand - (current?.onHand ?? 0);
  if (change === 0) return { onHand, reserved: current?.reserved ?? 0, change };
  const level = await moveOnHand(tx, { ...target, change, reason: target.reason ?? 'count' });
  return { ...level, change };
}

/**
 * Moves `quantity` units of a product from one location to another: two `transfer` rows, each
 * naming the other location, in the caller's transaction.
 * @throws 400 for the same location twice or a quantity below 1; 409 when the source has fewer
 *   units available (on hand − held) than asked. Nothing is written when it throws.
 */
export async function transferStock(tx: Tx, t: { fromLocationId: number; toLocationId: number; productId: number; quantity: number; actor: StockActor; note?: string }): Promise<{ from: Level; to: Level }> {
  if (t.fromLocationId === t.toLocationId) throw new AppError('bad_request', 'Choose two different locations.');
  if (!Number.isInteger(t.quantity) || t.quantity < 1) throw new AppError('bad_request', 'Transfer at least one whole unit.');
  // Both levels locked in location order first: two transfers of one product in opposite directions
  // would otherwise each hold one row and wait for the other's (a deadlock, aborted by PostgreSQL).
  await tx
    .select({ locationId: stockLevels.locationId })
    .from(stockLevels)
    .where(and(eq(stockLevels.productId, t.productId), inArray(stockLevels.locationId, [t.fromLocationId, t.toLocationId])))
    .orderBy(asc(stockLevels.locationId))
    .for('update');
  const common = { productId: t.productId, reason: 'transfer' as const, actor: t.actor, note: t.note };
  const from = await moveOnHand(tx, { ...common, locationId: t.fromLocationId, change: -t.quantity, counterpartLocationId: t.toLocationId });
  const to = await moveOnHand(tx, { ...common, locationId: t.toLocationId, change: t.quantity, counterpartLocationId: t.fromLocationId });
  return { from, to };
}

/** The 409 of a move out of a location that has too few units available, naming what is there. */
async function shortOnHand(tx: Tx, locationId: number, productId: number, wanted: number): Promise<AppError> {
  const [row] = await tx
    .select({ product: products.name, location: stockLocations.name, onHand: sql<number>`coalesce(${stockLevels.onHand}, 0)`, reserved: sql<number>`coalesce(${stockLevels.reserved}, 0)` })
    .from(products)
    .innerJoin(stockLocations, eq(stockLocations.id, locationId))
    .leftJoin(stockLevels, and(eq(stockLevels.productId, products.id), eq(stockLevels.locationId, locationId)))
    .where(eq(products.id, productId));
  if (!row) return new AppError('not_found', 'No such product or stock location.');
  const available = Math.max(0, Number(row.onHand) - Number(row.reserved));
  return new AppError('conflict', `Only ${available} of ${row.product} can leave ${row.location} (${wanted} asked): ${row.onHand} on hand, ${row.reserved} held for orders.`);
}
