/**
 * Bulk edit input (docs/back-office.md "Bulk edit"): POST /api/products/bulk-edits. Browser-safe;
 * shared by the route handler and Product Management's bulk bar.
 *
 *   selection   { ids: [...] } — the products ticked (at most MAX_BULK_IDS), or
 *               { filter: {...}, expected_count } — every product the list's query matches (the
 *               same query string GET /api/products reads: q, category, style …; page, limit and
 *               sort are ignored) and how many the preview counted (the apply is refused with 409
 *               when the filter now matches another number)
 *   changes     at least one of:
 *     price           { by: 'percent', value } (−100 … 1000, at most 2 decimals; −10 = a 10 % cut)
 *                     or { by: 'amount', value } (± dollars, at most 2 decimals)
 *     compare_at      { set: dollars } | { set: 'previous_price' } (the price before this edit) | { clear: true }
 *     category_id, brand_id (null clears the brand), featured, shipping_class, archive: true
 *   preview     true: answer what would change and write nothing
 */
import { z } from 'zod';
import { SHIPPING_CLASSES } from '@/db/statuses';
import { MAX_PRICE } from '@/lib/catalog/admin/product-schema';

/** Most products one request may name by id (a whole filter has no such bound). */
export const MAX_BULK_IDS = 1000;
/** Rows of before → after a preview shows. */
export const PREVIEW_ROWS = 10;

const twoDecimals = (label: string) => z.number({ error: `${label} must be a number.` }).refine((n) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} may have at most 2 decimals.`);

const priceChange = z.discriminatedUnion(
  'by',
  [
    z.strictObject({ by: z.literal('percent'), value: twoDecimals('The percentage').refine((n) => n >= -100 && n <= 1000, 'The percentage must be between −100 and 1000.') }),
    z.strictObject({ by: z.literal('amount'), value: twoDecimals('The amount').refine((n) => Math.abs(n) <= MAX_PRICE, `The amount must be at most $${MAX_PRICE.toLocaleString('en-NZ')} either way.`) }),
  ],
  { error: 'A price change is {by: "percent" | "amount", value}.' },
);

const compareAtChange = z.union(
  [
    z.strictObject({ set: twoDecimals('The compare-at price').refine((n) => n > 0 && n <= MAX_PRICE, 'The compare-at price must be more than $0.00.') }),
    z.strictObject({ set: z.literal('previous_price') }),
    z.strictObject({ clear: z.literal(true) }),
  ],
  { error: 'A compare-at change is {set: dollars}, {set: "previous_price"} or {clear: true}.' },
);

export const bulkChangesSchema = z
  .strictObject({
    price: priceChange.optional(),
    compare_at: compareAtChange.optional(),
    category_id: z.number().int().positive().optional(),
    brand_id: z.number().int().positive().nullable().optional(),
    featured: z.boolean().optional(),
    shipping_class: z.enum(SHIPPING_CLASSES, { error: `Shipping class must be one of ${SHIPPING_CLASSES.join(', ')}.` }).optional(),
    archive: z.literal(true, { error: 'archive can only be true (Undo brings products back).' }).optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'Choose at least one change.');

/** The list's query string, as GET /api/products takes it (values are text or lists of text). */
const filterSchema = z.record(z.string().max(40), z.union([z.string().max(400), z.array(z.string().max(400)).max(30)]));

export const bulkSelectionSchema = z.union(
  [
    z.strictObject({ ids: z.array(z.number().int().positive()).min(1, 'Select at least one product.').max(MAX_BULK_IDS, `Select at most ${MAX_BULK_IDS} products by hand, or select all matching the filter.`) }),
    z.strictObject({ filter: filterSchema, expected_count: z.number().int().min(0).optional() }),
  ],
  { error: 'The selection is {ids: [...]} or {filter: {...}, expected_count}.' },
);

export const bulkEditSchema = z.strictObject({
  selection: bulkSelectionSchema,
  changes: bulkChangesSchema,
  preview: z.boolean().optional(),
  /** The campaign a compare-at price is shown under on the sale page. */
  campaign: z.string().trim().min(1).max(60).optional(),
});

export type BulkChanges = z.output<typeof bulkChangesSchema>;
export type BulkSelection = z.output<typeof bulkSelectionSchema>;
export type BulkEditInput = z.output<typeof bulkEditSchema>;
