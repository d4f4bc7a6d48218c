/**
 * The back office's reads of stock (docs/stock.md "The back office"): levels by product and
 * location, a product's history from the ledger, and the stock locations. Each takes the staff
 * member first and needs stock.manage, as the writes do: what is where, and who moved it, is the
 * warehouse's view, not the order desk's.
 */
import 'server-only';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db, type Executor } from '@/db/client';
import { DEFAULT_SETTINGS } from '@/db/default-settings';
import { deliveryZones, pickupLocations, products, settings, stockLedger, stockLevels, stockLocationZones, stockLocations } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { notFound } from '@/lib/server/errors';
import type { StockLedgerEntryJson, StockLedgerPageJson, StockLevelJson, StockLevelPageJson, StockLocationJson } from './contracts';
import { STOCK_PAGE_SIZE, type StockLedgerQuery, type StockLevelQuery } from './schemas';

/** The low_stock_threshold setting (units; the default when never saved). Read here, below lib/settings. */
export async function lowStockThreshold(executor: Executor = db): Promise<number> {
  const [row] = await executor.select({ value: settings.value }).from(settings).where(eq(settings.key, 'low_stock_threshold'));
  const n = Number(row?.value ?? DEFAULT_SETTINGS.low_stock_threshold);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : Number(DEFAULT_SETTINGS.low_stock_threshold);
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const onHand = sql<number>`coalesce(${stockLevels.onHand}, 0)`;
const reserved = sql<number>`coalesce(${stockLevels.reserved}, 0)`;
const available = sql<number>`coalesce(${stockLevels.onHand} - ${stockLevels.reserved}, 0)`;

type LevelRow = { productId: number; productName: string; sku: string; locationId: number; locationName: string; onHand: number; reserved: number };

const toLevelJson = (r: LevelRow, threshold: number): StockLevelJson => {
  const avail = Number(r.onHand) - Number(r.reserved);
  return {
    product_id: r.productId,
    product_name: r.productName,
    sku: r.sku,
    location_id: r.locationId,
    location_name: r.locationName,
    on_hand: Number(r.onHand),
    reserved: Number(r.reserved),
    available: avail,
    low: avail <= threshold,
  };
};

const levelColumns = {
  productId: products.id,
  productName: products.name,
  sku: products.sku,
  locationId: stockLocations.id,
  locationName: stockLocations.name,
  onHand,
  reserved,
};

/**
 * The rows of the levels list: each live product at each live location where it has a level, and
 * every product at the default location (so a product never stocked can be received there).
 */
function levelRows(executor: Executor, where: SQL | undefined) {
  return executor
    .select(levelColumns)
    .from(products)
    .innerJoin(stockLocations, isNull(stockLocations.archivedAt))
    .leftJoin(stockLevels, and(eq(stockLevels.productId, products.id), eq(stockLevels.locationId, stockLocations.id)))
    .where(and(isNull(products.archivedAt), or(sql`${stockLevels.productId} is not null`, eq(stockLocations.isDefault, true)), where));
}

/**
 * A page of stock levels (GET /api/stock-levels, /admin/stock), by product name then location order.
 * @param query q: part of the name or SKU; location_id; state: low (available ≤ the low-stock
 *   threshold) or out (none available); page (25 a page; past the end: the last page)
 * @throws 403 without stock.manage
 */
export async function listStockLevels(actor: SessionUser, query: StockLevelQuery): Promise<StockLevelPageJson> {
  authorize(actor, 'stock.manage');
  const threshold = await lowStockThreshold();
  const q = query.q?.trim();
  const where = and(
    q ? or(ilike(products.name, contains(q)), ilike(products.sku, contains(q))) : undefined,
    query.location_id ? eq(stockLocations.id, query.location_id) : undefined,
    query.state === 'low' ? sql`${available} <= ${threshold}` : query.state === 'out' ? sql`${available} <= 0` : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(levelRows(db, where).as('levels'));
  const totalPages = Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE));
  const page = Math.min(query.page ?? 1, totalPages);
  const rows = await levelRows(db, where)
    .orderBy(asc(products.name), asc(products.id), asc(stockLocations.sortOrder), asc(stockLocations.id))
    .limit(STOCK_PAGE_SIZE)
    .offset((page - 1) * STOCK_PAGE_SIZE);
  return { items: rows.map((r) => toLevelJson(r, threshold)), page, totalPages, total, low_stock_threshold: threshold };
}

/** One product's level at one location (zeros when it has none there), for the answers of the writes. */
export async function levelOf(executor: Executor, productId: number, locationId: number): Promise<StockLevelJson> {
  const threshold = await lowStockThreshold(executor);
  const [row] = await executor
    .select(levelColumns)
    .from(products)
    .innerJoin(stockLocations, eq(stockLocations.id, locationId))
    .leftJoin(stockLevels, and(eq(stockLevels.productId, products.id), eq(stockLevels.locationId, stockLocations.id)))
    .where(eq(products.id, productId));
  if (!row) throw notFound('No such product or stock location.');
  return toLevelJson(row, threshold);
}

const counterpart = alias(stockLocations, 'counterpart');

/**
 * A product's history (GET /api/products/{id}/stock-ledger, /admin/stock/{productId}): its ledger
 * rows newest first, 25 a page, with who, why, the order, import or other location, and its levels
 * at every location where it has one.
 * @throws 403 without stock.manage; 404 unknown product
 */
export async function productStockHistory(actor: SessionUser, productId: number, query: StockLedgerQuery = {}): Promise<StockLedgerPageJson> {
  authorize(actor, 'stock.manage');
  const [product] = await db.select({ id: products.id, name: products.name, sku: products.sku, stock: products.stock }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product not found.');
  const threshold = await lowStockThreshold();
  const where = and(eq(stockLedger.productId, productId), query.location_id ? eq(stockLedger.locationId, query.location_id) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(stockLedger).where(where);
  const totalPages = Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE));
  const page = Math.min(query.page ?? 1, totalPages);
  const [levels, rows] = await Promise.all([
    db
      .select(levelColumns)
      .from(stockLevels)
      .innerJoin(products, eq(products.id, stockLevels.productId))
      .innerJoin(stockLocations, eq(stockLocations.id, stockLevels.locationId))
      .where(eq(stockLevels.productId, productId))
      .orderBy(asc(stockLocations.sortOrder), asc(stockLocations.id)),
    db
      .select({ row: stockLedger, locationName: stockLocations.name, counterpartName: counterpart.name })
      .from(stockLedger)
      .innerJoin(stockLocations, eq(stockLocations.id, stockLedger.locationId))
      .leftJoin(counterpart, eq(counterpart.id, stockLedger.counterpartLocationId))
      .where(where)
      .orderBy(desc(stockLedger.at), desc(stockLedger.id))
      .limit(STOCK_PAGE_SIZE)
      .offset((page - 1) * STOCK_PAGE_SIZE),
  ]);
  const entries: StockLedgerEntryJson[] = rows.map(({ row, locationName, counterpartName }) => ({
    ledger_id: row.id,
    at: row.at.toISOString(),
    location_id: row.locationId,
    location_name: locationName,
    change: row.change,
    reason: row.reason,
    actor_id: row.actorId,
    actor_label: row.actorLabel,
    order_id: row.orderId,
    import_id: row.importId,
    counterpart_location_id: row.counterpartLocationId,
    counterpart_location_name: counterpartName,
    note: row.note,
  }));
  return {
    product: { product_id: product.id, name: product.name, sku: product.sku, stock: product.stock },
    levels: levels.map((r) => toLevelJson(r, threshold)),
    entries,
    page,
    totalPages,
    total,
  };
}

/** Stock locations as JSON: their pickup location, zones and units on hand. */
export async function locationsJson(executor: Executor, ids?: number[]): Promise<StockLocationJson[]> {
  const rows = await executor
    .select({
      location: stockLocations,
      pickupName: pickupLocations.name,
      onHand: sql<number>`coalesce((select sum(${stockLevels.onHand}) from ${stockLevels} where ${stockLevels.locationId} = ${stockLocations.id}), 0)`,
    })
    .from(stockLocations)
    .leftJoin(pickupLocations, eq(pickupLocations.id, stockLocations.pickupLocationId))
    .where(ids ? inArray(stockLocations.id, ids) : undefined)
    .orderBy(sql`${stockLocations.archivedAt} is not null`, asc(stockLocations.sortOrder), asc(stockLocations.id));
  const locationIds = rows.map((r) => r.location.id);
  const zones = locationIds.length
    ? await executor
        .select({ locationId: stockLocationZones.locationId, zoneId: deliveryZones.id, name: deliveryZones.name })
        .from(stockLocationZones)
        .innerJoin(deliveryZones, eq(deliveryZones.id, stockLocationZones.zoneId))
        .where(inArray(stockLocationZones.locationId, locationIds))
        .orderBy(asc(deliveryZones.sortOrder), asc(deliveryZones.id))
    : [];
  return rows.map(({ location: l, pickupName, onHand: units }) => ({
    location_id: l.id,
    name: l.name,
    kind: l.kind,
    address: l.address,
    postcode: l.postcode,
    pickup_location_id: l.pickupLocationId,
    pickup_location_name: pickupName,
    zones: zones.filter((z) => z.locationId === l.id).map((z) => ({ zone_id: z.zoneId, name: z.name })),
    is_default: l.isDefault,
    sort_order: l.sortOrder,
    archived: l.archivedAt !== null,
    on_hand: Number(units),
  }));
}

/**
 * Every stock location, live ones first in their order, archived ones last (GET /api/stock-locations).
 * @throws 403 without stock.manage
 */
export async function listStockLocations(actor: SessionUser): Promise<StockLocationJson[]> {
  authorize(actor, 'stock.manage');
  return locationsJson(db);
}

/** What the location form offers: the pickup locations and the delivery zones (ids and names). */
export async function stockLocationChoices(actor: SessionUser): Promise<{ pickupLocations: { id: number; name: string }[]; zones: { id: number; name: string }[] }> {
  authorize(actor, 'stock.manage');
  const [pickups, zones] = await Promise.all([
    db.select({ id: pickupLocations.id, name: pickupLocations.name }).from(pickupLocations).orderBy(asc(pickupLocations.name)),
    db.select({ id: deliveryZones.id, name: deliveryZones.name }).from(deliveryZones).orderBy(asc(deliveryZones.sortOrder), asc(deliveryZones.id)),
  ]);
  return { pickupLocations: pickups, zones };
}
