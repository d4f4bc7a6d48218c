/**
 * The stock rules of orders (spec §4 Order flow, Admin order editing; docs/stock.md "Allocation"
 * and "Fulfilment"), in one place for customer orders and admin order edits alike:
 *   - an order line's units are held at stock locations (lib/stock/reservations.ts holdLine):
 *     for a delivery, at the locations that ship to the address's zone, nearest first, then most
 *     stock; for click & collect, only at the pickup location's own stock location, every line in
 *     full, or the order is refused naming the lines it lacks;
 *   - holds are let go when an order is cancelled, expires or is erased, or an administrator
 *     lowers or deletes a line; units already fulfilled come back at the locations they left;
 *   - fulfilment (shipped, delivered, collected) takes the held units off the shelf at the location
 *     of each hold;
 *   - a hold that brings a product from above the low_stock_threshold setting to or below it
 *     writes the administrators' low-stock e-mail in the same transaction (lib/mail/events.ts).
 * Every move first locks the products' rows in id order (as expiry does), so two orders, or an
 * order and a release, never wait on each other round a loop. Callers run these inside their
 * transaction and, after the commit, hand the returned moves to invalidateProductStock
 * (lib/catalog/read/cache.ts): the products' cached reads are dropped, and the product lists when a
 * product sold out or came back.
 */
import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { products, stockLocations, type AddressSnapshot } from '@/db/schema';
import type { StockMove } from '@/lib/catalog/read/cache';
import { stockMessage } from '@/lib/cart/service';
import { mailLowStock } from '@/lib/mail/events';
import { conflict } from '@/lib/server/errors';
import { getShopSettings } from '@/lib/settings/queries';
import { zoneOfAddress } from '@/lib/delivery/service';
import { collectLocationOfService, deliveryCandidates } from '@/lib/delivery/stock-sources';
import { defaultLocationId, fulfilOrder, holdLine, letGoOrder, releaseLine, restockLine, returnWithoutHolds, type Source } from '@/lib/stock/reservations';

/** What an order line snapshots of the product it holds (price in cents). */
export type ReservedProduct = { name: string; sku: string; price: number; size: string | null; material: string | null; color: string | null };

/** Where an order's units come from (lib/stock/reservations.ts Source), with the location's name for click & collect messages. */
export type StockSource = Source & { label?: string };

/** The move of a product's stock from `before` to `after` units: availability changed when it crossed zero (sold out, or back in stock). */
const stockMove = (productId: number, before: number, after: number): StockMove => ({ productId, availabilityChanged: (before > 0) !== (after > 0) });

/** Locks the products' rows in id order for the rest of the transaction and reads them. */
async function lockProducts(tx: Tx, productIds: number[]) {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map<number, never>();
  const rows = await tx
    .select({ id: products.id, name: products.name, sku: products.sku, price: products.price, size: products.size, material: products.material, color: products.color, stock: products.stock, archivedAt: products.archivedAt, sellable: products.sellableOnline })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** Each product's stock now, for the moves after a change. */
async function stockNow(tx: Tx, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, r.stock]));
}

/**
 * Runs `change` with the products' rows locked and reports each product's stock move.
 * @returns the moves of the products whose stock changed.
 */
async function tracked(tx: Tx, productIds: number[], change: () => Promise<unknown>): Promise<StockMove[]> {
  const locked = await lockProducts(tx, productIds);
  await change();
  const after = await stockNow(tx, [...locked.keys()]);
  const moves: StockMove[] = [];
  for (const [id, p] of locked) if (after.get(id) !== p.stock) moves.push(stockMove(id, p.stock, after.get(id)!));
  return moves;
}

/**
 * The products an order is about to hold, locked in id order: their snapshot (name, SKU, price in
 * cents, options) by id.
 * @throws 409 "Sorry, {name} is no longer available." when a product is gone, archived or not sold online.
 */
export async function takeProducts(tx: Tx, productIds: number[]): Promise<Map<number, ReservedProduct>> {
  const rows = await lockProducts(tx, productIds);
  for (const id of new Set(productIds)) {
    const p = rows.get(id);
    if (!p || p.archivedAt || !p.sellable) throw conflict(`Sorry, ${p?.name ?? 'a product of this order'} is no longer available.`);
  }
  return new Map([...rows].map(([id, p]) => [id, { name: p.name, sku: p.sku, price: p.price, size: p.size, material: p.material, color: p.color }]));
}

/**
 * Where an order's units come from: click & collect → the service's pickup location's stock
 * location; a delivery → the locations shipping to its zone (lib/delivery/stock-sources.ts), found
 * from the order's zone, or from its address when it has none. An order with neither, or to a zone
 * no location ships to, draws on the default location.
 */
export async function sourceOf(tx: Tx, order: { deliveryKind: string | null; deliveryServiceId: number | null; deliveryZoneId: number | null; address: AddressSnapshot | null }): Promise<StockSource> {
  if (order.deliveryKind === 'click_collect' && order.deliveryServiceId !== null) {
    const at = await collectLocationOfService(tx, order.deliveryServiceId);
    if (at !== null) {
      const [row] = await tx.select({ name: stockLocations.name }).from(stockLocations).where(eq(stockLocations.id, at));
      return { collectAt: at, label: row?.name };
    }
  }
  const postcode = order.address?.postalCode ?? '';
  let zoneId = order.deliveryZoneId;
  if (zoneId === null && order.address) zoneId = (await zoneOfAddress(tx, order.address).catch(() => null))?.zone.id ?? null;
  const candidates = zoneId === null ? [] : await deliveryCandidates(tx, zoneId, postcode);
  // A zone no location ships to yet (one added after the locations were set up) is served from
  // the default location, as before stock locations.
  return { deliver: candidates.length > 0 ? candidates : [{ locationId: await defaultLocationId(tx), sameZone: true, distance: 0 }] };
}

/** An order line to hold units for (units, whole, > 0). */
export type LineToHold = { orderId: number; orderItemId: number; productId: number; quantity: number };

/**
 * Holds the lines' units by the order's source, products in id order. `more` says the units come
 * on top of ones the order already holds (an admin raising a line or re-opening an order): the
 * message then says how many more were needed.
 * @returns the stock moves. When a product falls from above the low_stock_threshold setting to or
 *   below it, the administrators' low-stock e-mail is written in the same transaction.
 * @throws 409 "Sorry, {name} is no longer available." (archived, not sold online); for a delivery
 *   409 "Only N left of {name}." / "Sorry, {name} is out of stock." counting the locations that ship
 *   there; for click & collect 409 naming every line the location lacks. The caller's transaction
 *   rolls back then.
 */
export async function holdLines(tx: Tx, lines: LineToHold[], source: StockSource, opts: { more?: boolean } = {}): Promise<StockMove[]> {
  const sorted = [...lines].sort((a, b) => a.productId - b.productId || a.orderItemId - b.orderItemId);
  const ids = sorted.map((l) => l.productId);
  const locked = await lockProducts(tx, ids);
  for (const id of new Set(ids)) {
    const p = locked.get(id);
    if (!p || p.archivedAt || !p.sellable) throw conflict(`Sorry, ${p?.name ?? 'a product of this order'} is no longer available.`);
  }
  const missing: string[] = [];
  for (const line of sorted) {
    const held = await holdLine(tx, line, source);
    if (held.held) continue;
    const name = locked.get(line.productId)!.name;
    if ('collectAt' in source) {
      missing.push(held.available > 0 ? `${name} (only ${held.available} there)` : name);
      continue;
    }
    const short = stockMessage(name, held.available);
    throw conflict(opts.more ? `Not enough stock: ${short} ${line.quantity} more would be needed.` : short);
  }
  if (missing.length > 0) throw conflict(`Not available to collect at ${source.label ?? 'this pickup location'}: ${missing.join(', ')}. Choose delivery, or remove ${missing.length === 1 ? 'it' : 'them'} from this order.`);
  const after = await stockNow(tx, [...locked.keys()]);
  const { lowStockThreshold } = await getShopSettings(tx);
  const moves: StockMove[] = [];
  for (const [id, p] of locked) {
    const now = after.get(id)!;
    if (now === p.stock) continue;
    if (now <= lowStockThreshold && p.stock > lowStockThreshold) await mailLowStock(tx, id, { before: p.stock });
    moves.push(stockMove(id, p.stock, now));
  }
  return moves;
}

/**
 * Everything the order holds goes back at the locations that held it (cancelled, expired, erased):
 * holds let go; units already fulfilled come back with `cancelled` rows. An order placed before
 * stock locations holds nothing: its `lines` come back at the default location.
 * @returns the stock moves.
 */
export async function letGo(tx: Tx, orderId: number, lines: { productId: number; quantity: number }[]): Promise<StockMove[]> {
  return tracked(tx, lines.map((l) => l.productId), () => letGoOrder(tx, orderId, { withoutHolds: lines }));
}

/**
 * Lets go of `quantity` held units of a line (all of it when absent): an admin lowering or
 * deleting it; for an order placed before stock locations, the units come back at the default
 * location. @returns the move, or null when none.
 */
export async function releaseUnits(tx: Tx, line: { id: number; orderId: number; productId: number; quantity: number }, quantity: number = line.quantity): Promise<StockMove | null> {
  const [move] = await tracked(tx, [line.productId], async () => {
    if ((await releaseLine(tx, line.id, quantity)) === 0) await returnWithoutHolds(tx, line, quantity);
  });
  return move ?? null;
}

/** A refunded line's units restocked, at the location the line was sold from (lib/stock/reservations.ts restockLine). @returns the move, or null. */
export async function restockUnits(tx: Tx, line: { orderId: number; orderItemId: number; productId: number; quantity: number }): Promise<StockMove | null> {
  if (line.quantity <= 0) return null;
  const [move] = await tracked(tx, [line.productId], () => restockLine(tx, line));
  return move ?? null;
}

/** Fulfilment: the order's held units leave the shelf at the location of each hold (docs/stock.md "Fulfilment"). No stock move: the units were held. */
export async function fulfil(tx: Tx, orderId: number): Promise<void> {
  await fulfilOrder(tx, orderId);
}
