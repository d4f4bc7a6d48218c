/**
 * Order lines' holds on stock (docs/stock.md "Allocation" and "Fulfilment"): units of a line are
 * reserved at stock locations when the order is placed, let go when it is cancelled, expires or an
 * administrator lowers or deletes the line, and leave the shelf at fulfilment — exactly at the
 * location of each reservation, never elsewhere. Everything runs in the caller's transaction.
 *
 * A hold is one conditional UPDATE (`on_hand − reserved ≥ q`), so concurrent buyers never take
 * more than a location has: the loser of a race moves on to the next location, or is refused.
 * Reserving and letting go change `reserved` only (no ledger row, nothing moved); fulfilment, a
 * cancellation after it and a restocked return move on hand with their ledger rows.
 */
import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '@/db/client';
import { deliveryServices, pickupLocations, stockLedger, stockLevels, stockLocations, stockLocationZones, stockReservations } from '@/db/schema';
import { planAllocation, rankLocations, type Candidate } from './allocation';
import { moveOnHand, SHOP, type StockActor } from './ledger';

/** A stock location as the allocation and the storefront read it. */
export type LocationFacts = { id: number; name: string; kind: 'warehouse' | 'showroom'; postcode: string };

const locationFacts = { id: stockLocations.id, name: stockLocations.name, kind: stockLocations.kind, postcode: stockLocations.postcode };

/** The locations (not archived) that ship to a delivery zone, by sort order. */
export async function locationsShippingTo(executor: Executor, zoneId: number): Promise<LocationFacts[]> {
  return executor
    .select(locationFacts)
    .from(stockLocations)
    .innerJoin(stockLocationZones, eq(stockLocationZones.locationId, stockLocations.id))
    .where(and(eq(stockLocationZones.zoneId, zoneId), isNull(stockLocations.archivedAt)))
    .orderBy(asc(stockLocations.sortOrder), asc(stockLocations.id));
}

/** The stock location customers collect from through a pickup location (not archived), or null when it has none. */
export async function collectLocationOf(executor: Executor, pickupLocationId: number): Promise<LocationFacts | null> {
  const [row] = await executor
    .select(locationFacts)
    .from(stockLocations)
    .where(and(eq(stockLocations.pickupLocationId, pickupLocationId), isNull(stockLocations.archivedAt)));
  return row ?? null;
}

/** The default location's id (docs/stock.md "Locations"). */
export async function defaultLocationId(executor: Executor): Promise<number> {
  const [row] = await executor.select({ id: stockLocations.id }).from(stockLocations).where(eq(stockLocations.isDefault, true));
  return row.id;
}

/** Units available (on hand − reserved) of a product at each of the locations. */
async function availableAt(executor: Executor, productId: number, locationIds: number[]): Promise<Map<number, number>> {
  const out = new Map(locationIds.map((id) => [id, 0]));
  if (locationIds.length === 0) return out;
  const rows = await executor
    .select({ locationId: stockLevels.locationId, available: sql<number>`${stockLevels.onHand} - ${stockLevels.reserved}` })
    .from(stockLevels)
    .where(and(eq(stockLevels.productId, productId), inArray(stockLevels.locationId, locationIds)));
  for (const r of rows) out.set(r.locationId, Number(r.available));
  return out;
}

/**
 * Units of products short at one location, for the lines asked: productId → units available there
 * (only the short products are listed; an empty map means the location holds every line).
 */
export async function shortAt(executor: Executor, locationId: number, lines: { productId: number; quantity: number }[]): Promise<Map<number, number>> {
  const short = new Map<number, number>();
  if (lines.length === 0) return short;
  const rows = await executor
    .select({ productId: stockLevels.productId, available: sql<number>`${stockLevels.onHand} - ${stockLevels.reserved}` })
    .from(stockLevels)
    .where(and(eq(stockLevels.locationId, locationId), inArray(stockLevels.productId, lines.map((l) => l.productId))));
  const have = new Map(rows.map((r) => [r.productId, Number(r.available)]));
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  for (const [productId, q] of wanted) if ((have.get(productId) ?? 0) < q) short.set(productId, have.get(productId) ?? 0);
  return short;
}

/** An order line to hold units for. */
export type LineToHold = { orderId: number; orderItemId: number; productId: number; quantity: number };

/** Where a line's units may come from: the ranked candidates of a delivery, or one location (click & collect). */
export type Source = { deliver: Candidate[] } | { collectAt: number };

/** A hold's outcome: held, or refused with the units the source had available for it. */
export type HoldResult = { held: true } | { held: false; available: number };

/**
 * Reserves a line's units by the allocation rule (lib/stock/allocation.ts): for a delivery, the
 * nearest candidate that holds them all, else split over the ranked candidates; for click &
 * collect, only at that location. Each take is a conditional UPDATE; a location that lost a race
 * since it was read is passed over and the rest planned again.
 * @returns held, or the units available when the source has too few (the caller refuses the line
 *   and rolls back, since takes made before the shortfall stay in its transaction).
 */
export async function holdLine(tx: Tx, line: LineToHold, source: Source): Promise<HoldResult> {
  const candidates: Candidate[] = 'collectAt' in source ? [{ locationId: source.collectAt, sameZone: true, distance: 0 }] : source.deliver;
  let left = line.quantity;
  // Each pass either holds everything planned or finds a location that lost a race; a location
  // never gains units under the caller, so the passes end.
  for (let pass = 0; pass <= candidates.length; pass++) {
    const available = await availableAt(tx, line.productId, candidates.map((c) => c.locationId));
    const ranked = rankLocations(candidates.map((c) => ({ ...c, available: available.get(c.locationId) ?? 0 })));
    const plan = planAllocation(ranked, left);
    if (plan.short > 0) return { held: false, available: line.quantity - left + [...available.values()].reduce((s, n) => s + Math.max(0, n), 0) };
    let lost = false;
    for (const take of plan.takes) {
      const [won] = await tx
        .update(stockLevels)
        .set({ reserved: sql`${stockLevels.reserved} + ${take.quantity}`, updatedAt: sql`now()` })
        .where(and(eq(stockLevels.locationId, take.locationId), eq(stockLevels.productId, line.productId), sql`${stockLevels.onHand} - ${stockLevels.reserved} >= ${take.quantity}`))
        .returning({ onHand: stockLevels.onHand });
      if (!won) {
        lost = true;
        break;
      }
      await tx.insert(stockReservations).values({ orderId: line.orderId, orderItemId: line.orderItemId, productId: line.productId, locationId: take.locationId, quantity: take.quantity });
      left -= take.quantity;
    }
    if (!lost) return { held: true };
  }
  return { held: false, available: line.quantity - left };
}

/** Gives a reservation's units back to its location's available stock (reserved −q) and shrinks or deletes the reservation. */
async function letGoOf(tx: Tx, r: { id: number; locationId: number; productId: number; quantity: number }, q: number): Promise<void> {
  await tx
    .update(stockLevels)
    .set({ reserved: sql`${stockLevels.reserved} - ${q}`, updatedAt: sql`now()` })
    .where(and(eq(stockLevels.locationId, r.locationId), eq(stockLevels.productId, r.productId)));
  if (q >= r.quantity) await tx.delete(stockReservations).where(eq(stockReservations.id, r.id));
  else await tx.update(stockReservations).set({ quantity: r.quantity - q }).where(eq(stockReservations.id, r.id));
}

/**
 * Lets go of up to `quantity` held (not yet fulfilled) units of a line, newest hold first (all of
 * them when `quantity` is absent): an administrator lowering or deleting the line. No ledger row.
 * @returns the units let go.
 */
export async function releaseLine(tx: Tx, orderItemId: number, quantity?: number): Promise<number> {
  const holds = await tx
    .select()
    .from(stockReservations)
    .where(and(eq(stockReservations.orderItemId, orderItemId), isNull(stockReservations.fulfilledAt)))
    .orderBy(desc(stockReservations.id))
    .for('update');
  let left = quantity ?? Number.POSITIVE_INFINITY;
  let released = 0;
  for (const r of holds) {
    if (left <= 0) break;
    const q = Math.min(left, r.quantity);
    await letGoOf(tx, r, q);
    left -= q;
    released += q;
  }
  return released;
}

/**
 * Units of a line of an order that holds nothing at all (one placed before stock locations, whose
 * units were taken off the single stock number) come back at the default location, `cancelled`:
 * an administrator lowering or deleting such a line. Does nothing for an order that holds units.
 * @returns the units that came back.
 */
export async function returnWithoutHolds(tx: Tx, line: { orderId: number; productId: number }, quantity: number, actor: StockActor = SHOP): Promise<number> {
  if (quantity <= 0) return 0;
  const [any] = await tx.select({ id: stockReservations.id }).from(stockReservations).where(eq(stockReservations.orderId, line.orderId)).limit(1);
  if (any) return 0;
  await moveOnHand(tx, { locationId: await defaultLocationId(tx), productId: line.productId, change: quantity, reason: 'cancelled', actor, orderId: line.orderId });
  return quantity;
}

/**
 * Everything an order holds goes back, at the locations that held it (a cancellation, an order
 * expired or erased): holds not yet fulfilled are let go (no ledger row); units already fulfilled
 * come back on hand with a `cancelled` row each. An order that holds nothing at all is one placed
 * before stock locations, whose units were taken off the single stock number (now the default
 * location's on hand): its lines (`withoutHolds`) come back there, `cancelled`.
 * @returns the products whose stock moved.
 */
export async function letGoOrder(tx: Tx, orderId: number, opts: { actor?: StockActor; withoutHolds?: { productId: number; quantity: number }[] } = {}): Promise<number[]> {
  const rows = await tx.select().from(stockReservations).where(eq(stockReservations.orderId, orderId)).orderBy(asc(stockReservations.productId), asc(stockReservations.id)).for('update');
  const actor = opts.actor ?? SHOP;
  if (rows.length === 0) {
    const lines = (opts.withoutHolds ?? []).filter((l) => l.quantity > 0);
    if (lines.length === 0) return [];
    const home = await defaultLocationId(tx);
    for (const l of lines) await moveOnHand(tx, { locationId: home, productId: l.productId, change: l.quantity, reason: 'cancelled', actor, orderId });
    return [...new Set(lines.map((l) => l.productId))];
  }
  for (const r of rows) {
    if (r.fulfilledAt) {
      await moveOnHand(tx, { locationId: r.locationId, productId: r.productId, change: r.quantity, reason: 'cancelled', actor, orderId });
      await tx.delete(stockReservations).where(eq(stockReservations.id, r.id));
    } else await letGoOf(tx, r, r.quantity);
  }
  return [...new Set(rows.map((r) => r.productId))];
}

/**
 * Fulfilment (docs/stock.md "Fulfilment"): the order's held units leave the shelf at the location
 * of each reservation — on hand −q and reserved −q there, a `sold` row naming the order — and the
 * reservations are marked fulfilled. Available stock does not change (the units were held).
 * Already fulfilled reservations are left alone, so fulfilling twice does nothing more.
 * @returns the reservations fulfilled now.
 */
export async function fulfilOrder(tx: Tx, orderId: number, actor: StockActor = SHOP): Promise<number> {
  const holds = await tx
    .select()
    .from(stockReservations)
    .where(and(eq(stockReservations.orderId, orderId), isNull(stockReservations.fulfilledAt)))
    .orderBy(asc(stockReservations.productId), asc(stockReservations.id))
    .for('update');
  for (const r of holds) {
    await tx
      .update(stockLevels)
      .set({ onHand: sql`${stockLevels.onHand} - ${r.quantity}`, reserved: sql`${stockLevels.reserved} - ${r.quantity}`, updatedAt: sql`now()` })
      .where(and(eq(stockLevels.locationId, r.locationId), eq(stockLevels.productId, r.productId)));
    await tx.insert(stockLedger).values({ locationId: r.locationId, productId: r.productId, change: -r.quantity, reason: 'sold', actorId: actor.id, actorLabel: actor.label, orderId });
    await tx.update(stockReservations).set({ fulfilledAt: sql`now()` }).where(eq(stockReservations.id, r.id));
  }
  return holds.length;
}

/**
 * A refunded line's units restocked (a return): held units not yet fulfilled are let go first;
 * units already sold come back on hand at the location they were sold from (`returned`, newest
 * sale first); any beyond what the line's reservations account for (an order sold before stock
 * locations) come back at the default location.
 */
export async function restockLine(tx: Tx, line: { orderId: number; orderItemId: number; productId: number; quantity: number }, actor: StockActor = SHOP): Promise<void> {
  let left = line.quantity - (await releaseLine(tx, line.orderItemId, line.quantity));
  if (left <= 0) return;
  const sold = await tx
    .select()
    .from(stockReservations)
    .where(and(eq(stockReservations.orderItemId, line.orderItemId), isNotNull(stockReservations.fulfilledAt)))
    .orderBy(desc(stockReservations.id))
    .for('update');
  for (const r of sold) {
    if (left <= 0) return;
    const q = Math.min(left, r.quantity);
    await moveOnHand(tx, { locationId: r.locationId, productId: r.productId, change: q, reason: 'returned', actor, orderId: line.orderId });
    if (q >= r.quantity) await tx.delete(stockReservations).where(eq(stockReservations.id, r.id));
    else await tx.update(stockReservations).set({ quantity: r.quantity - q }).where(eq(stockReservations.id, r.id));
    left -= q;
  }
  if (left > 0) await moveOnHand(tx, { locationId: await defaultLocationId(tx), productId: line.productId, change: left, reason: 'returned', actor, orderId: line.orderId });
}

/**
 * A product's units available at one location, for the storefront (docs/stock.md "On the product
 * page"); `collectLeadDays`: the fewest working days before an order is ready there, over the active
 * click & collect services of its pickup location (0: the same day), null when none collects there.
 */
export type LocationAvailability = LocationFacts & { available: number; isDefault: boolean; ships: boolean; collect: boolean; collectLeadDays: number | null };

/**
 * Where a product can be had: each location (not archived) with units available, whether it ships
 * (it serves at least one zone) and whether customers may collect there (its pickup location is
 * active and has an active click & collect service). Locations by sort order.
 */
export async function availabilityOf(executor: Executor, productId: number): Promise<LocationAvailability[]> {
  const rows = await executor
    .select({
      ...locationFacts,
      isDefault: stockLocations.isDefault,
      available: sql<number>`${stockLevels.onHand} - ${stockLevels.reserved}`,
      ships: sql<boolean>`exists (select 1 from ${stockLocationZones} where ${stockLocationZones.locationId} = ${stockLocations.id})`,
      collectLeadDays: sql<number | null>`(select min(${deliveryServices.leadDays}) from ${deliveryServices} where ${deliveryServices.pickupLocationId} = ${pickupLocations.id} and ${deliveryServices.kind} = 'click_collect' and ${deliveryServices.active} and ${pickupLocations.active})`,
    })
    .from(stockLevels)
    .innerJoin(stockLocations, eq(stockLocations.id, stockLevels.locationId))
    .leftJoin(pickupLocations, eq(pickupLocations.id, stockLocations.pickupLocationId))
    .where(and(eq(stockLevels.productId, productId), isNull(stockLocations.archivedAt), sql`${stockLevels.onHand} > ${stockLevels.reserved}`))
    .orderBy(asc(stockLocations.sortOrder), asc(stockLocations.id));
  return rows.map((r) => ({ ...r, available: Number(r.available), ships: Boolean(r.ships), collect: r.collectLeadDays !== null, collectLeadDays: r.collectLeadDays === null ? null : Number(r.collectLeadDays) }));
}
