/**
 * Input of the back office's stock screens and routes (docs/stock.md "The back office"): the list of
 * stock levels, an adjustment, a transfer, a product's history and the stock locations. Shared by the
 * route handlers and the /admin/stock forms; browser-safe.
 */
import { z } from 'zod';
import { STOCK_LOCATION_KINDS } from '@/db/statuses';

/** Rows a page of stock levels, and of a product's history, shows. */
export const STOCK_PAGE_SIZE = 25;
/** The most units one adjustment or transfer moves (a slip of the keyboard is not a delivery). */
export const MAX_STOCK_UNITS = 100_000;
export const STOCK_NOTE_MAX = 500;

/** The stock-state filter: every level, those at or below the low-stock threshold, or with none available. */
export const STOCK_STATES = ['all', 'low', 'out'] as const;
export type StockState = (typeof STOCK_STATES)[number];

/** Reasons staff may give an adjustment: goods in, written off, or a stocktake's figure. */
export const ADJUST_REASONS = ['received', 'damaged', 'count'] as const;
export type AdjustReason = (typeof ADJUST_REASONS)[number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const positiveId = (label: string) => z.coerce.number({ error: `${label} must be an id.` }).int(`${label} must be an id.`).positive(`${label} must be an id.`);
const pageField = z.preprocess(blankToUndefined, z.coerce.number({ error: 'page must be a whole number.' }).int('page must be a whole number.').min(1, 'page must be 1 or more.').max(1_000_000, 'page is too large.').optional());
const units = (label: string, min: number) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number of units.`)
    .min(min, min === 0 ? `${label} cannot be negative.` : `${label} must be at least ${min}.`)
    .max(MAX_STOCK_UNITS, `${label} must be at most ${MAX_STOCK_UNITS.toLocaleString('en-NZ')}.`);
const note = z.string({ error: 'The note must be text.' }).trim().max(STOCK_NOTE_MAX, `The note must be at most ${STOCK_NOTE_MAX} characters.`).optional().default('');

/** GET /api/stock-levels and /admin/stock: ?q (name or SKU) &location_id &state (all|low|out) &page. */
export const stockLevelQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, z.string({ error: 'q must be text.' }).trim().max(100, 'The search must be at most 100 characters.').optional()),
  location_id: z.preprocess(blankToUndefined, positiveId('location_id').optional()),
  state: z.preprocess(blankToUndefined, z.enum(STOCK_STATES, { error: 'state must be all, low or out.' }).optional()),
  page: pageField,
});
export type StockLevelQuery = z.infer<typeof stockLevelQuerySchema>;

/** GET /api/products/{id}/stock-ledger: ?location_id &page. */
export const stockLedgerQuerySchema = z.object({ location_id: z.preprocess(blankToUndefined, positiveId('location_id').optional()), page: pageField });
export type StockLedgerQuery = z.infer<typeof stockLedgerQuerySchema>;

/**
 * POST /api/stock-adjustments: `received` and `damaged` move on hand by `quantity` units (in, out);
 * `count` sets on hand to `quantity` (a stocktake's figure, 0 allowed).
 */
export const stockAdjustmentSchema = z
  .object({
    product_id: positiveId('product_id'),
    location_id: positiveId('location_id'),
    reason: z.enum(ADJUST_REASONS, { error: 'The reason must be received, damaged or count.' }),
    quantity: units('Quantity', 0),
    note,
  })
  .refine((v) => v.reason === 'count' || v.quantity >= 1, { path: ['quantity'], message: 'Quantity must be at least 1 (a count may be 0).' });
export type StockAdjustmentInput = z.output<typeof stockAdjustmentSchema>;

/** POST /api/stock-transfers: `quantity` units of a product from one location to another. */
export const stockTransferSchema = z
  .object({
    product_id: positiveId('product_id'),
    from_location_id: positiveId('from_location_id'),
    to_location_id: positiveId('to_location_id'),
    quantity: units('Quantity', 1),
    note,
  })
  .refine((v) => v.from_location_id !== v.to_location_id, { path: ['to_location_id'], message: 'Choose two different locations.' });
export type StockTransferInput = z.output<typeof stockTransferSchema>;

const locationFields = {
  name: z.string({ error: 'Please enter a name.' }).trim().min(1, 'Please enter a name.').max(80, 'The name must be at most 80 characters.'),
  kind: z.enum(STOCK_LOCATION_KINDS, { error: 'The kind must be warehouse or showroom.' }),
  address: z.string({ error: 'The address must be text.' }).trim().max(300, 'The address must be at most 300 characters.'),
  postcode: z
    .string({ error: 'The postcode must be text.' })
    .trim()
    .regex(/^(\d{4})?$/, 'A New Zealand postcode is 4 digits (or leave it empty).'),
  /** Set: customers may collect here, through this pickup location's click & collect services. */
  pickup_location_id: positiveId('pickup_location_id').nullable(),
  zone_ids: z.array(positiveId('zone_ids'), { error: 'zone_ids must be a list of delivery zone ids.' }).max(200, 'At most 200 zones.'),
  sort_order: z.coerce.number({ error: 'sort_order must be a whole number.' }).int('sort_order must be a whole number.').min(0, 'sort_order cannot be negative.').max(10_000, 'sort_order is too large.'),
};

/** POST /api/stock-locations: name and kind required; no pickup location (customers may not collect), no zones by default. */
export const stockLocationCreateSchema = z.object({
  name: locationFields.name,
  kind: locationFields.kind,
  address: locationFields.address.default(''),
  postcode: locationFields.postcode.default(''),
  pickup_location_id: locationFields.pickup_location_id.default(null),
  zone_ids: locationFields.zone_ids.default([]),
  sort_order: locationFields.sort_order.default(0),
});
export type StockLocationCreateInput = z.output<typeof stockLocationCreateSchema>;

/** PATCH /api/stock-locations/{id}: any field; `zone_ids` replaces the zones it ships to. */
export const stockLocationUpdateSchema = z
  .object(locationFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change.' });
export type StockLocationUpdateInput = z.output<typeof stockLocationUpdateSchema>;
