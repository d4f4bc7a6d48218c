/**
 * Stock locations in the back office (docs/stock.md "Locations"): create, edit and archive a
 * warehouse or showroom — its name, address and postcode, the pickup location customers collect
 * from there, and the delivery zones it ships to. A location is archived, never deleted: the ledger
 * points at it. Each write takes the staff member first (stock.manage) and appends an audit row in
 * its transaction.
 */
import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { db, type Tx } from '@/db/client';
import { deliveryZones, pickupLocations, stockLevels, stockLocationZones, stockLocations, type NewStockLocation } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { badRequest, conflict, notFound } from '@/lib/server/errors';
import type { StockLocationJson } from './contracts';
import { locationsJson } from './queries';
import type { StockLocationCreateInput, StockLocationUpdateInput } from './schemas';

const target = (l: { location_id: number; name: string }) => ({ type: 'stock_location', id: l.location_id, label: l.name });
/** What the audit log compares (the units on hand are not the location's own fields). */
const audited = (l: StockLocationJson) => ({ name: l.name, kind: l.kind, address: l.address, postcode: l.postcode, pickup_location: l.pickup_location_name, zones: l.zones.map((z) => z.name), sort_order: l.sort_order, archived: l.archived });

async function one(tx: Tx, id: number): Promise<StockLocationJson> {
  const [json] = await locationsJson(tx, [id]);
  if (!json) throw notFound('Stock location not found.');
  return json;
}

/** 409 when another location has the name (regardless of case). */
async function checkNameFree(tx: Tx, name: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(and(sql`lower(${stockLocations.name}) = lower(${name})`, exceptId ? ne(stockLocations.id, exceptId) : undefined));
  if (other) throw conflict(`A stock location named “${name}” already exists.`);
}

/** 400 for an unknown pickup location; 409 when another location already collects through it. */
async function checkPickup(tx: Tx, pickupId: number | null | undefined, exceptId?: number) {
  if (pickupId === null || pickupId === undefined) return;
  const [pickup] = await tx.select({ id: pickupLocations.id }).from(pickupLocations).where(eq(pickupLocations.id, pickupId));
  if (!pickup) throw badRequest('That pickup location does not exist.', { field: 'pickup_location_id' });
  const [other] = await tx
    .select({ name: stockLocations.name })
    .from(stockLocations)
    .where(and(eq(stockLocations.pickupLocationId, pickupId), exceptId ? ne(stockLocations.id, exceptId) : undefined));
  if (other) throw conflict(`Customers already collect from ${other.name} through that pickup location.`);
}

/** Replaces the zones a location ships to; 400 naming an unknown zone. */
async function setZones(tx: Tx, locationId: number, zoneIds: number[]) {
  const wanted = [...new Set(zoneIds)];
  if (wanted.length) {
    const found = await tx.select({ id: deliveryZones.id }).from(deliveryZones).where(inArray(deliveryZones.id, wanted));
    const missing = wanted.filter((z) => !found.some((f) => f.id === z));
    if (missing.length) throw badRequest(`No delivery zone has id ${missing.join(', ')}.`, { field: 'zone_ids' });
  }
  await tx.delete(stockLocationZones).where(eq(stockLocationZones.locationId, locationId));
  if (wanted.length) await tx.insert(stockLocationZones).values(wanted.map((zoneId) => ({ locationId, zoneId })));
}

/** A unique violation of a concurrent write becomes the same 409 as the checks'. */
function mapRace(e: unknown, name: string | undefined): unknown {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const constraint = err?.constraint ?? err?.cause?.constraint;
  if ((err?.code ?? err?.cause?.code) !== '23505') return e;
  if (constraint === 'stock_locations_pickup_idx') return conflict('Customers already collect from another stock location through that pickup location.');
  return conflict(name ? `A stock location named “${name}” already exists.` : 'That stock location already exists.');
}

/**
 * Creates a stock location (POST /api/stock-locations).
 * @returns the location, with no units on hand
 * @throws 403 without stock.manage; 400 unknown pickup location or zone; 409 the name is taken
 *   (any case), or another location collects through the pickup location
 */
export async function createStockLocation(actor: SessionUser, input: StockLocationCreateInput): Promise<StockLocationJson> {
  authorize(actor, 'stock.manage');
  try {
    return await db.transaction(async (tx) => {
      await checkNameFree(tx, input.name);
      await checkPickup(tx, input.pickup_location_id);
      const [row] = await tx
        .insert(stockLocations)
        .values({ name: input.name, kind: input.kind, address: input.address, postcode: input.postcode, pickupLocationId: input.pickup_location_id, sortOrder: input.sort_order })
        .returning({ id: stockLocations.id });
      await setZones(tx, row.id, input.zone_ids);
      const json = await one(tx, row.id);
      await recordAudit(tx, actor, { action: 'stock_location.create', target: target(json), after: audited(json) });
      return json;
    });
  } catch (e) {
    throw mapRace(e, input.name);
  }
}

/**
 * Edits a stock location (PATCH /api/stock-locations/{id}); `zone_ids` replaces its zones,
 * `pickup_location_id: null` stops collection there.
 * @throws 403; 404 unknown location; 400 unknown pickup location or zone; 409 name taken, or the
 *   pickup location is another location's
 */
export async function updateStockLocation(actor: SessionUser, id: number, input: StockLocationUpdateInput): Promise<StockLocationJson> {
  authorize(actor, 'stock.manage');
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select({ id: stockLocations.id }).from(stockLocations).where(eq(stockLocations.id, id)).for('update');
      if (!current) throw notFound('Stock location not found.');
      const before = await one(tx, id);
      if (input.name !== undefined) await checkNameFree(tx, input.name, id);
      await checkPickup(tx, input.pickup_location_id, id);
      const set: Partial<NewStockLocation> = {};
      if (input.name !== undefined) set.name = input.name;
      if (input.kind !== undefined) set.kind = input.kind;
      if (input.address !== undefined) set.address = input.address;
      if (input.postcode !== undefined) set.postcode = input.postcode;
      if (input.pickup_location_id !== undefined) set.pickupLocationId = input.pickup_location_id;
      if (input.sort_order !== undefined) set.sortOrder = input.sort_order;
      if (Object.keys(set).length) await tx.update(stockLocations).set({ ...set, updatedAt: new Date() }).where(eq(stockLocations.id, id));
      if (input.zone_ids !== undefined) await setZones(tx, id, input.zone_ids);
      const after = await one(tx, id);
      await recordAudit(tx, actor, { action: 'stock_location.update', target: target(after), before: audited(before), after: audited(after) });
      return after;
    });
  } catch (e) {
    throw mapRace(e, input.name);
  }
}

/**
 * Archives a stock location (DELETE /api/stock-locations/{id}): it leaves the stock screens and
 * the allocation, and its history stays. Already archived: answered as it is.
 * @throws 403; 404 unknown location; 409 it is the default location, or it holds units (on hand
 *   or held for orders: transfer them first)
 */
export async function archiveStockLocation(actor: SessionUser, id: number): Promise<StockLocationJson> {
  authorize(actor, 'stock.manage');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(stockLocations).where(eq(stockLocations.id, id)).for('update');
    if (!row) throw notFound('Stock location not found.');
    if (row.archivedAt) return one(tx, id);
    if (row.isDefault) throw conflict(`${row.name} is the default stock location and cannot be archived.`);
    // Locks the location's levels so that no move lands between the check and the archive.
    const levels = await tx.select({ onHand: stockLevels.onHand, reserved: stockLevels.reserved }).from(stockLevels).where(eq(stockLevels.locationId, id)).for('update');
    const onHand = levels.reduce((n, l) => n + l.onHand, 0);
    if (onHand > 0) throw conflict(`${row.name} still holds ${onHand} ${onHand === 1 ? 'unit' : 'units'}: transfer or count them out before archiving it.`);
    const before = await one(tx, id);
    await tx.update(stockLocations).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(stockLocations.id, id));
    const after = await one(tx, id);
    await recordAudit(tx, actor, { action: 'stock_location.archive', target: target(after), before: audited(before), after: audited(after) });
    return after;
  });
}
