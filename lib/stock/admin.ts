/**
 * The back office's stock writes (docs/stock.md "The back office"): an adjustment of a product at a
 * location (goods received, written off as damaged, or counted) and a transfer between locations.
 * Each takes the staff member first (stock.manage), runs in one transaction that writes the level,
 * its ledger rows (lib/stock/ledger.ts, naming the staff member) and one audit row, and nothing when
 * it throws.
 *
 * Shoppers' cached pages show stock; the catalogue's cache sits above this domain, so the caller
 * passes its invalidation as `hooks.afterCommit` (the route handlers pass invalidateProductStock).
 */
import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { db, type Tx } from '@/db/client';
import { products, stockLocations } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { conflict, notFound } from '@/lib/server/errors';
import type { StockAdjustmentJson, StockTransferJson } from './contracts';
import { moveOnHand, setOnHand, transferStock, type StockActor } from './ledger';
import { levelOf } from './queries';
import type { StockAdjustmentInput, StockTransferInput } from './schemas';

/**
 * A product's stock moved by a write: `availabilityChanged` when products.stock (the spec's
 * `stock`, Σ available) crossed zero. The same shape as the catalogue's StockMove.
 */
export type StockMoved = { productId: number; availabilityChanged: boolean };

/** What the caller runs after the transaction commits. */
export type StockHooks = { afterCommit?: (moves: StockMoved[]) => void };

/** The staff member as the ledger names them. */
export const staffActor = (actor: SessionUser): StockActor => ({ id: actor.id, label: actor.userName });

/**
 * The live product, or 404. Locked as the trigger `stock_levels_sum` will lock it (its UPDATE of
 * products.stock), first: a weaker shared lock here would let two moves of one product each hold
 * it and then wait for the other's to update the row (a deadlock).
 */
async function liveProduct(tx: Tx, productId: number) {
  const [product] = await tx
    .select({ id: products.id, name: products.name, sku: products.sku, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.archivedAt)))
    .for('no key update');
  if (!product) throw notFound('Product not found.');
  return product;
}

/** The location, or 404; 409 when it is archived. */
async function liveLocation(tx: Tx, locationId: number, role = 'Stock location') {
  const [location] = await tx.select().from(stockLocations).where(eq(stockLocations.id, locationId)).for('share');
  if (!location) throw notFound(`${role} not found.`);
  if (location.archivedAt) throw conflict(`${location.name} is archived: stock no longer moves there.`);
  return location;
}

async function stockNow(tx: Tx, productId: number): Promise<number> {
  const [row] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? 0;
}

/**
 * Adjusts a product's on hand at a location (POST /api/stock-adjustments): `received` adds
 * `quantity` units, `damaged` takes them off, `count` sets on hand to `quantity` (one `count` row
 * for the difference, none when the figure was right). The note goes on the ledger row.
 * @returns the level after and the change written (units)
 * @throws 403 without stock.manage; 404 unknown product or location; 409 archived location, or
 *   taking off (damaged, or a lower count) more than is available — units held for orders stay
 */
export async function adjustStock(actor: SessionUser, input: StockAdjustmentInput, hooks: StockHooks = {}): Promise<StockAdjustmentJson> {
  authorize(actor, 'stock.manage');
  const who = staffActor(actor);
  const { result, move } = await db.transaction(async (tx) => {
    const product = await liveProduct(tx, input.product_id);
    const location = await liveLocation(tx, input.location_id);
    const before = await levelOf(tx, product.id, location.id);
    const common = { locationId: location.id, productId: product.id, actor: who, note: input.note };
    let change: number;
    if (input.reason === 'count') {
      change = (await setOnHand(tx, { ...common, onHand: input.quantity })).change;
    } else {
      change = input.reason === 'received' ? input.quantity : -input.quantity;
      await moveOnHand(tx, { ...common, change, reason: input.reason });
    }
    const level = await levelOf(tx, product.id, location.id);
    await recordAudit(tx, actor, {
      action: 'stock.adjust',
      target: { type: 'product', id: product.id, label: `${product.name} (${product.sku}) at ${location.name}` },
      before: { location: location.name, on_hand: before.on_hand, reason: null, note: null },
      after: { location: location.name, on_hand: level.on_hand, reason: input.reason, note: input.note || null },
    });
    const after = await stockNow(tx, product.id);
    return { result: { level, change }, move: { productId: product.id, availabilityChanged: product.stock > 0 !== after > 0 } };
  });
  hooks.afterCommit?.([move]);
  return result;
}

/**
 * Moves `quantity` units of a product from one location to another (POST /api/stock-transfers):
 * two `transfer` rows, each naming the other location, in one transaction.
 * @returns both levels after
 * @throws 403 without stock.manage; 400 the same location twice; 404 unknown product or location;
 *   409 an archived location, or more units than are available at the source (on hand − held for
 *   orders) — nothing is written
 */
export async function transferStockBetween(actor: SessionUser, input: StockTransferInput, hooks: StockHooks = {}): Promise<StockTransferJson> {
  authorize(actor, 'stock.manage');
  const { result, move } = await db.transaction(async (tx) => {
    const product = await liveProduct(tx, input.product_id);
    const from = await liveLocation(tx, input.from_location_id, 'The location to move from');
    const to = await liveLocation(tx, input.to_location_id, 'The location to move to');
    await transferStock(tx, { fromLocationId: from.id, toLocationId: to.id, productId: product.id, quantity: input.quantity, actor: staffActor(actor), note: input.note });
    const [fromLevel, toLevel] = [await levelOf(tx, product.id, from.id), await levelOf(tx, product.id, to.id)];
    await recordAudit(tx, actor, {
      action: 'stock.transfer',
      target: { type: 'product', id: product.id, label: `${product.name} (${product.sku})` },
      after: { from: from.name, to: to.name, quantity: input.quantity, note: input.note || null },
    });
    const after = await stockNow(tx, product.id);
    return { result: { from: fromLevel, to: toLevel, quantity: input.quantity }, move: { productId: product.id, availabilityChanged: product.stock > 0 !== after > 0 } };
  });
  hooks.afterCommit?.([move]);
  return result;
}

/**
 * The product editor's `stock` figure (lib/catalog/admin/product-service.ts): the spec's `stock` is
 * Σ available over the locations, so a new figure moves the default location's on hand by the
 * difference — a `count` row naming the staff member — and leaves the other locations as they are.
 * Runs in the caller's transaction; nothing happens when the figure is unchanged.
 * @param stock the product's new `stock` (units, 0 or more)
 * @returns the change written at the default location (units; 0 when none)
 * @throws 409 when the default location has too few units available to take off the difference
 *   (the rest is at other locations, or held for orders)
 */
export async function setProductStock(tx: Tx, actor: SessionUser, productId: number, stock: number): Promise<number> {
  const [product] = await tx.select({ name: products.name, stock: products.stock }).from(products).where(eq(products.id, productId)).for('update');
  if (!product) throw notFound('Product not found.');
  const delta = stock - product.stock;
  if (delta === 0) return 0;
  const [home] = await tx.select({ id: stockLocations.id, name: stockLocations.name }).from(stockLocations).where(eq(stockLocations.isDefault, true));
  if (!home) throw conflict('The shop has no default stock location: set stock on the Stock screen.');
  const level = await levelOf(tx, productId, home.id);
  if (level.available + delta < 0) {
    throw conflict(
      `Stock of ${product.name} cannot go to ${stock}: only ${level.available} ${level.available === 1 ? 'unit is' : 'units are'} available at ${home.name}, the default location, to take off. Move stock at the other locations on the Stock screen.`,
    );
  }
  return (await setOnHand(tx, { locationId: home.id, productId, onHand: level.on_hand + delta, actor: staffActor(actor), note: 'Stock set on the product' })).change;
}
