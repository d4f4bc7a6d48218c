/**
 * Stock contracts (docs/stock.md "The API"): a product's level at a location, a page of levels, a
 * ledger row and a page of a product's history, what an adjustment or transfer answers, and a stock
 * location. Units are whole numbers; available = on hand − reserved.
 */
import { z } from 'zod';
import { STOCK_LOCATION_KINDS, STOCK_MOVE_REASONS } from '@/db/statuses';
import { contracts, count, dateTime, id } from '@/lib/server/contracts';

const page = z.number().int().positive();

/** One product at one location. */
export const stockLevelJson = z
  .strictObject({
    product_id: id,
    product_name: z.string(),
    sku: z.string(),
    location_id: id,
    location_name: z.string(),
    on_hand: count,
    /** Units held for orders not yet fulfilled. */
    reserved: count,
    available: count,
    /** Available at or below the low-stock threshold (the low_stock_threshold setting). */
    low: z.boolean(),
  })
  .register(contracts, { id: 'StockLevel' });
export type StockLevelJson = z.infer<typeof stockLevelJson>;

export const stockLevelPageJson = z
  .strictObject({ items: z.array(stockLevelJson), page, totalPages: page, total: count, low_stock_threshold: count })
  .register(contracts, { id: 'StockLevelPage' });
export type StockLevelPageJson = z.infer<typeof stockLevelPageJson>;

/** One change of on hand, as the ledger keeps it. */
export const stockLedgerEntryJson = z
  .strictObject({
    ledger_id: id,
    at: dateTime,
    location_id: id,
    location_name: z.string(),
    /** + into the location, − out of it. */
    change: z.number().int(),
    reason: z.enum(STOCK_MOVE_REASONS),
    /** The staff member (null: the shop itself, or an account since removed). */
    actor_id: id.nullable(),
    actor_label: z.string(),
    order_id: id.nullable(),
    import_id: z.string().nullable(),
    /** A transfer's other location. */
    counterpart_location_id: id.nullable(),
    counterpart_location_name: z.string().nullable(),
    note: z.string(),
  })
  .register(contracts, { id: 'StockLedgerEntry' });
export type StockLedgerEntryJson = z.infer<typeof stockLedgerEntryJson>;

/** A product's history, newest first, with its levels now. */
export const stockLedgerPageJson = z
  .strictObject({
    product: z.strictObject({ product_id: id, name: z.string(), sku: z.string(), stock: z.number().int() }),
    levels: z.array(stockLevelJson),
    entries: z.array(stockLedgerEntryJson),
    page,
    totalPages: page,
    total: count,
  })
  .register(contracts, { id: 'StockLedgerPage' });
export type StockLedgerPageJson = z.infer<typeof stockLedgerPageJson>;

/** POST /api/stock-adjustments: the level after, and the change written (0 when a count found the figure right). */
export const stockAdjustmentJson = z.strictObject({ level: stockLevelJson, change: z.number().int() }).register(contracts, { id: 'StockAdjustment' });
export type StockAdjustmentJson = z.infer<typeof stockAdjustmentJson>;

/** POST /api/stock-transfers: both levels after. */
export const stockTransferJson = z.strictObject({ from: stockLevelJson, to: stockLevelJson, quantity: z.number().int().positive() }).register(contracts, { id: 'StockTransfer' });
export type StockTransferJson = z.infer<typeof stockTransferJson>;

/** A warehouse or showroom. */
export const stockLocationJson = z
  .strictObject({
    location_id: id,
    name: z.string().min(1),
    kind: z.enum(STOCK_LOCATION_KINDS),
    address: z.string(),
    postcode: z.string(),
    /** Customers may collect here through this pickup location (null: they may not). */
    pickup_location_id: id.nullable(),
    pickup_location_name: z.string().nullable(),
    zones: z.array(z.strictObject({ zone_id: id, name: z.string() })),
    is_default: z.boolean(),
    sort_order: z.number().int(),
    archived: z.boolean(),
    /** Units on hand there, over every product. */
    on_hand: count,
  })
  .register(contracts, { id: 'StockLocation' });
export type StockLocationJson = z.infer<typeof stockLocationJson>;
