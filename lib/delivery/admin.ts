/**
 * /admin/delivery: read and change delivery zones, their services and the pickup
 * locations. Administrators only (authorize, whoever calls). Money in dollars in and out, cents in
 * the database. Orders keep the service and zone names they were placed with, so deleting a zone or
 * a service leaves past orders as they were (their ids become null).
 */
import 'server-only';
import { revalidateTag } from 'next/cache';
import { asc, eq } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { deliveryServices, deliveryZones, pickupLocations, type DeliveryService, type DeliveryZone, type PickupLocation } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { toCents, toDecimal } from '@/lib/money';
import { badRequest, notFound } from '@/lib/server/errors';
import { TAGS } from '@/lib/catalog/tags';
import type { DeliveryServiceJson, DeliverySetupJson, DeliveryZoneJson, PickupLocationJson } from './contracts';
import type { PickupInput, ServiceCreateInput, ServiceUpdateInput, ZoneInput } from './admin-schemas';

/**
 * After a committed write: product pages show each zone's delivery rate in their structured data
 * (./queries.ts getListingZones), so they are rendered again on their next request.
 */
function deliveryChanged<T>(result: T): T {
  revalidateTag(TAGS.delivery, { expire: 0 });
  return result;
}

const pc = (n: number) => String(n).padStart(4, '0');

export const toServiceJson = (s: DeliveryService): DeliveryServiceJson => ({
  service_id: s.id,
  zone_id: s.zoneId,
  kind: s.kind,
  name: s.name,
  fee: toDecimal(s.fee),
  bulky_surcharge: toDecimal(s.bulkySurcharge),
  free_over: s.freeOver === null ? null : toDecimal(s.freeOver),
  lead_days: s.leadDays,
  weekdays: s.weekdays,
  pickup_location_id: s.pickupLocationId,
  capacity_per_window: s.capacityPerWindow,
  active: s.active,
});

export const toZoneJson = (z: DeliveryZone, services: DeliveryService[]): DeliveryZoneJson => ({
  zone_id: z.id,
  name: z.name,
  postcode_ranges: z.postcodeRanges.map((r) => ({ from: pc(r.from), to: pc(r.to) })),
  postcodes: z.postcodes,
  served: z.served,
  sort_order: z.sortOrder,
  region: (z.region as DeliveryZoneJson['region']) ?? null,
  services: services.filter((s) => s.zoneId === z.id).map(toServiceJson),
});

export const toPickupJson = (p: PickupLocation): PickupLocationJson => ({ pickup_location_id: p.id, name: p.name, address: p.address, opening_hours: p.openingHours, active: p.active });

/** GET /api/delivery/zones: every zone (by sort order) with its services, and the pickup locations. @throws 401/403. */
export async function getDeliverySetup(actor: SessionUser | null): Promise<DeliverySetupJson> {
  authorize(actor, 'delivery.manage');
  const [zones, services, pickups] = await Promise.all([
    db.select().from(deliveryZones).orderBy(asc(deliveryZones.sortOrder), asc(deliveryZones.id)),
    db.select().from(deliveryServices).orderBy(asc(deliveryServices.id)),
    db.select().from(pickupLocations).orderBy(asc(pickupLocations.id)),
  ]);
  return { zones: zones.map((z) => toZoneJson(z, services)), pickup_locations: pickups.map(toPickupJson) };
}

const zoneColumns = (input: ZoneInput) => ({
  name: input.name,
  postcodeRanges: input.postcode_ranges.map((r) => ({ from: Number(r.from), to: Number(r.to) })),
  postcodes: [...new Set(input.postcodes)],
  served: input.served,
  sortOrder: input.sort_order,
  region: input.region,
});

/** POST /api/delivery/zones → the new zone (no services yet). @throws 401/403. */
export async function createZone(actor: SessionUser | null, input: ZoneInput): Promise<DeliveryZoneJson> {
  authorize(actor, 'delivery.manage');
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(deliveryZones).values(zoneColumns(input)).returning();
    await recordAudit(tx, actor, { action: 'delivery_zone.create', target: { type: 'delivery_zone', id: created.id, label: created.name }, after: created });
    return created;
  });
  return deliveryChanged(toZoneJson(row, []));
}

/** PUT /api/delivery/zones/{id} → the zone with its services. @throws 401/403; 404 unknown. */
export async function updateZone(actor: SessionUser | null, id: number, input: ZoneInput): Promise<DeliveryZoneJson> {
  authorize(actor, 'delivery.manage');
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(deliveryZones).where(eq(deliveryZones.id, id)).for('update');
    if (!current) throw notFound('Delivery zone not found.');
    const [updated] = await tx.update(deliveryZones).set({ ...zoneColumns(input), updatedAt: new Date() }).where(eq(deliveryZones.id, id)).returning();
    await recordAudit(tx, actor, { action: 'delivery_zone.update', target: { type: 'delivery_zone', id, label: updated.name }, before: current, after: updated });
    return updated;
  });
  return deliveryChanged(toZoneJson(row, await db.select().from(deliveryServices).where(eq(deliveryServices.zoneId, id))));
}

/** DELETE /api/delivery/zones/{id}: the zone and its services; past orders keep their names. @throws 401/403; 404 unknown. */
export async function deleteZone(actor: SessionUser | null, id: number): Promise<{ message: string }> {
  authorize(actor, 'delivery.manage');
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(deliveryZones).where(eq(deliveryZones.id, id)).returning();
    if (!deleted) throw notFound('Delivery zone not found.');
    await recordAudit(tx, actor, { action: 'delivery_zone.delete', target: { type: 'delivery_zone', id, label: deleted.name }, before: deleted });
    return deleted;
  });
  return deliveryChanged({ message: `Delivery zone “${row.name}” deleted.` });
}

async function checkPickup(executor: Executor, pickupId: number | null) {
  if (pickupId === null) return;
  const [row] = await executor.select({ id: pickupLocations.id }).from(pickupLocations).where(eq(pickupLocations.id, pickupId));
  if (!row) throw badRequest('Pickup location not found.');
}

/** A delivery service's money columns, in cents (recorded in dollars). */
const SERVICE_CENTS = ['fee', 'bulkySurcharge', 'freeOver'];

const serviceColumns = (input: ServiceUpdateInput) => ({
  kind: input.kind,
  name: input.name,
  fee: toCents(input.fee),
  bulkySurcharge: toCents(input.bulky_surcharge),
  freeOver: input.free_over === null ? null : toCents(input.free_over),
  leadDays: input.lead_days,
  weekdays: input.weekdays,
  // Only click & collect has a pickup location.
  pickupLocationId: input.kind === 'click_collect' ? input.pickup_location_id : null,
  // Only two-person services book windows.
  capacityPerWindow: input.kind === 'two_person' || input.kind === 'two_person_assembly' ? input.capacity_per_window : null,
  active: input.active,
});

/** POST /api/delivery/services → 201 the service. @throws 401/403; 400 unknown zone or pickup location. */
export async function createService(actor: SessionUser | null, input: ServiceCreateInput): Promise<DeliveryServiceJson> {
  authorize(actor, 'delivery.manage');
  const created = await db.transaction(async (tx) => {
    const [zone] = await tx.select({ id: deliveryZones.id }).from(deliveryZones).where(eq(deliveryZones.id, input.zone_id));
    if (!zone) throw badRequest('Delivery zone not found.');
    await checkPickup(tx, input.kind === 'click_collect' ? input.pickup_location_id : null);
    const [row] = await tx.insert(deliveryServices).values({ zoneId: input.zone_id, ...serviceColumns(input) }).returning();
    await recordAudit(tx, actor, { action: 'delivery_service.create', target: { type: 'delivery_service', id: row.id, label: row.name }, after: row, cents: SERVICE_CENTS });
    return toServiceJson(row);
  });
  return deliveryChanged(created);
}

/** PUT /api/delivery/services/{id} → the service. Orders already placed keep their fee. @throws 401/403; 404 unknown; 400 unknown pickup location. */
export async function updateService(actor: SessionUser | null, id: number, input: ServiceUpdateInput): Promise<DeliveryServiceJson> {
  authorize(actor, 'delivery.manage');
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(deliveryServices).where(eq(deliveryServices.id, id)).for('update');
    if (!current) throw notFound('Delivery service not found.');
    await checkPickup(tx, input.kind === 'click_collect' ? input.pickup_location_id : null);
    const [row] = await tx.update(deliveryServices).set({ ...serviceColumns(input), updatedAt: new Date() }).where(eq(deliveryServices.id, id)).returning();
    await recordAudit(tx, actor, { action: 'delivery_service.update', target: { type: 'delivery_service', id, label: row.name }, before: current, after: row, cents: SERVICE_CENTS });
    return toServiceJson(row);
  });
  return deliveryChanged(updated);
}

/** DELETE /api/delivery/services/{id}; past orders keep its name and fee. @throws 401/403; 404 unknown. */
export async function deleteService(actor: SessionUser | null, id: number): Promise<{ message: string }> {
  authorize(actor, 'delivery.manage');
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(deliveryServices).where(eq(deliveryServices.id, id)).returning();
    if (!deleted) throw notFound('Delivery service not found.');
    await recordAudit(tx, actor, { action: 'delivery_service.delete', target: { type: 'delivery_service', id, label: deleted.name }, before: deleted, cents: SERVICE_CENTS });
    return deleted;
  });
  return deliveryChanged({ message: `Delivery service “${row.name}” deleted.` });
}

const pickupColumns = (input: PickupInput) => ({ name: input.name, address: input.address, openingHours: input.opening_hours, active: input.active });

/** POST /api/delivery/pickup-locations → 201 the location. @throws 401/403. */
export async function createPickup(actor: SessionUser | null, input: PickupInput): Promise<PickupLocationJson> {
  authorize(actor, 'delivery.manage');
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(pickupLocations).values(pickupColumns(input)).returning();
    await recordAudit(tx, actor, { action: 'pickup_location.create', target: { type: 'pickup_location', id: created.id, label: created.name }, after: created });
    return created;
  });
  return deliveryChanged(toPickupJson(row));
}

/** PUT /api/delivery/pickup-locations/{id} → the location (switch it off with active false). @throws 401/403; 404 unknown. */
export async function updatePickup(actor: SessionUser | null, id: number, input: PickupInput): Promise<PickupLocationJson> {
  authorize(actor, 'delivery.manage');
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(pickupLocations).where(eq(pickupLocations.id, id)).for('update');
    if (!current) throw notFound('Pickup location not found.');
    const [updated] = await tx.update(pickupLocations).set({ ...pickupColumns(input), updatedAt: new Date() }).where(eq(pickupLocations.id, id)).returning();
    await recordAudit(tx, actor, { action: 'pickup_location.update', target: { type: 'pickup_location', id, label: updated.name }, before: current, after: updated });
    return updated;
  });
  return deliveryChanged(toPickupJson(row));
}
