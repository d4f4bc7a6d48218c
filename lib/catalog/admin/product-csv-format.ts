/**
 * The product CSV's format (docs/catalogue.md "CSV import and export"), browser-safe: the columns,
 * the limits, and the report of an import (its dry run and its apply) as the API answers it.
 */
import { z } from 'zod';

/**
 * The export's columns, in order; the stock columns (`stock:<location name>`, one per stock
 * location) come between `assembly_fee` and `featured`. An import takes these or any subset with
 * `sku` (PRODUCT_CSV_REQUIRED).
 *   sku               the product's SKU; rows are matched by it, regardless of case
 *   name, description text; description empty = none
 *   category          the category path, "Room > Subcategory" (or a room alone); empty = none
 *   brand, supplier   by name, regardless of case; empty = none; an import never creates one
 *   price             dollars, GST-inclusive where the shop's prices are (gst_inclusive)
 *   compare_at_price  the price before the product's active promotion (Promotions); read-only
 *   gst_inclusive     whether the prices include GST (the shop's "Prices include GST" setting); read-only
 *   width_cm, height_cm, depth_cm  whole centimetres; empty = unknown
 *   shipping_class    parcel, bulky or collect_only
 *   assembly_fee      dollars per unit for assembly; 0 = assembled free
 *   stock:<location>  units on hand at that stock location; an import writes a `count` ledger row
 *   featured          true or false
 *   status            active or archived
 *   image_urls        the images' addresses in display order, separated by " | "; read-only
 */
export const PRODUCT_CSV_COLUMNS = ['sku', 'name', 'description', 'category', 'brand', 'supplier', 'price', 'compare_at_price', 'gst_inclusive', 'width_cm', 'height_cm', 'depth_cm', 'shipping_class', 'assembly_fee', 'featured', 'status', 'image_urls'] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** A stock column is this prefix and a stock location's name, e.g. `stock:Epsom warehouse`. */
export const STOCK_COLUMN_PREFIX = 'stock:';

/** The columns every import needs: rows are matched by SKU. */
export const PRODUCT_CSV_REQUIRED = ['sku'] as const;

/** The separator of image_urls. */
export const IMAGE_URL_SEPARATOR = ' | ';

/** Largest import file, bytes (10 MB: 10,000 products with their descriptions fit); larger → 413. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** Most rows one import takes; more → 400 (split the file). */
export const MAX_IMPORT_ROWS = 20_000;

/** What an import does with one row. */
export const IMPORT_ROW_STATUSES = ['created', 'updated', 'unchanged', 'error'] as const;

/** One changed column of a row: the value before and after, as the CSV writes them. */
export const importChangeJson = z.strictObject({ field: z.string(), before: z.string(), after: z.string() });

/** One row of the file: its line number (the header is line 1), SKU, outcome, changes and errors. */
export const importRowJson = z.strictObject({
  line: z.number().int(),
  sku: z.string(),
  status: z.enum(IMPORT_ROW_STATUSES),
  changes: z.array(importChangeJson),
  errors: z.array(z.string()),
});

/**
 * POST /api/products/import: the plan (dry run) or what was applied. `rows` lists every row of the
 * file; `import_id` names the applied import on its stock ledger rows (null in a dry run or when
 * nothing changed).
 */
export const productImportReportJson = z.strictObject({
  dry_run: z.boolean(),
  applied: z.boolean(),
  import_id: z.string().nullable(),
  columns: z.array(z.string()),
  counts: z.strictObject({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), error: z.number().int() }),
  rows: z.array(importRowJson),
});
export type ProductImportReport = z.infer<typeof productImportReportJson>;
export type ImportRow = z.infer<typeof importRowJson>;

/** POST /api/products/import's query: `dry_run=1` (or true) plans without writing. */
export const productImportQuery = z.object({
  dry_run: z
    .enum(['1', '0', 'true', 'false', ''], { error: 'dry_run must be 1 or 0.' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
