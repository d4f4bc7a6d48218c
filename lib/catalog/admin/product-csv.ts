/**
 * Product Management's CSV export and import (docs/catalogue.md "CSV import and export"; the format
 * in ./product-csv-format.ts).
 *
 * Export: the products of the list's current filters, one row per product, streamed in batches
 * (keyset on id), written by csv-stringify with spreadsheet formulas escaped.
 *
 * Import: csv-parse reads the file; the header is checked (400 naming unknown and missing columns, each also in `errors`);
 * every row is validated with the product editor's own schemas (./product-schema.ts) and compared
 * with the product of its SKU, column by column, in the CSV's own spelling of each value — so a
 * file exported and imported again changes nothing. A dry run answers the plan: per row created,
 * updated, unchanged or error with the reason. An apply plans again inside ONE transaction and
 * writes only when no row has an error; stock figures become `count` rows of the stock ledger
 * (lib/stock/counts.ts) named by the import's id, never a write of products.stock.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { db, type Executor, type Tx } from '@/db/client';
import { brands, cartItems, categories, productCategories, products, stockLocations, suppliers, type NewProduct } from '@/db/schema';
import { shippingClassFor } from '@/db/shipping-class';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import type { Permission } from '@/lib/auth/permission-list';
import { recordAuditMany } from '@/lib/audit/record';
import { invalidateCatalogue } from '@/lib/catalog/read/cache';
import { groupsOf } from '@/lib/catalog/read/queries';
import { ACTIVE_PROMOTION, buildConditions, normaliseParams } from '@/lib/catalog/search/search';
import type { ProductListParams } from '@/lib/catalog/types';
import { toCents } from '@/lib/money';
import { AppError, badRequest } from '@/lib/server/errors';
import { hasControlCharacters } from '@/lib/server/text-input';
import { setOnHandMany, type Count } from '@/lib/stock/counts';
import type { ProductUpdateHooks } from './product-service';
import { productCreateSchema, productUpdateSchema, stockField } from './product-schema';
import {
  IMAGE_URL_SEPARATOR,
  MAX_IMPORT_ROWS,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED,
  STOCK_COLUMN_PREFIX,
  type ImportRow,
  type ProductCsvColumn,
  type ProductImportReport,
} from './product-csv-format';

/** Products read per query while exporting, and SKUs per query while planning. */
const BATCH = 1000;

/** What the shop decides outside the catalogue, passed in by the door (lib/settings sits above). */
export type CsvContext = { pricesIncludeGst: boolean };

// ── Reference data: categories by path, brands and suppliers by name, stock locations ──────────

type Location = { id: number; name: string; column: string };
type Refs = {
  categoryPath: Map<number, string>;
  categoryByPath: Map<string, number>;
  brandName: Map<number, string>;
  brandByName: Map<string, number>;
  supplierName: Map<number, string>;
  supplierByName: Map<string, number>;
  locations: Location[];
};

/** A category path, names joined by " > ", compared without case and extra spaces. */
const pathKey = (path: string) =>
  path
    .split('>')
    .map((p) => p.trim().replace(/\s+/g, ' ').toLowerCase())
    .join(' > ');

async function loadRefs(ex: Executor): Promise<Refs> {
  const [cats, brandRows, supplierRows, locationRows] = await Promise.all([
    ex.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories),
    ex.select({ id: brands.id, name: brands.name }).from(brands),
    ex.select({ id: suppliers.id, name: suppliers.name }).from(suppliers),
    ex.select({ id: stockLocations.id, name: stockLocations.name }).from(stockLocations).where(isNull(stockLocations.archivedAt)).orderBy(stockLocations.sortOrder, stockLocations.id),
  ]);
  const byId = new Map(cats.map((c) => [c.id, c]));
  const categoryPath = new Map<number, string>();
  for (const c of cats) {
    const parent = c.parentId ? byId.get(c.parentId) : undefined;
    categoryPath.set(c.id, parent ? `${parent.name} > ${c.name}` : c.name);
  }
  const categoryByPath = new Map<string, number>();
  for (const [id, path] of categoryPath) categoryByPath.set(pathKey(path), id);
  const lower = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
  return {
    categoryPath,
    categoryByPath,
    brandName: new Map(brandRows.map((b) => [b.id, b.name])),
    brandByName: lower(brandRows),
    supplierName: new Map(supplierRows.map((s) => [s.id, s.name])),
    supplierByName: lower(supplierRows),
    locations: locationRows.map((l) => ({ ...l, column: `${STOCK_COLUMN_PREFIX}${l.name}` })),
  };
}

// ── A product as CSV values ────────────────────────────────────────────────────────────────────

type ProductRow = {
  id: number;
  sku: string;
  name: string;
  description: string | null;
  category_id: number | null;
  brand_id: number | null;
  supplier_id: number | null;
  price: number;
  width_cm: number | null;
  height_cm: number | null;
  depth_cm: number | null;
  shipping_class: string;
  assembly_fee: number;
  featured: boolean;
  archived: boolean;
  compare_at: number | null;
  images: string | null;
  levels: Record<string, number> | string | null;
  reserved: Record<string, number> | string | null;
};

/** The products matching `where`, with what the CSV shows of each (one query). */
async function readProducts(ex: Executor, where: SQL, limit?: number): Promise<ProductRow[]> {
  const res = await ex.execute(sql`
    SELECT products.id, products.sku, products.name, products.description, products.category_id, products.brand_id, products.supplier_id,
           products.price, products.width_cm, products.height_cm, products.depth_cm, products.shipping_class, products.assembly_fee,
           products.featured, products.archived_at IS NOT NULL AS archived,
           (SELECT max(pr.original_price) FROM promotions pr WHERE ${ACTIVE_PROMOTION}) AS compare_at,
           (SELECT string_agg(i.url, ${IMAGE_URL_SEPARATOR} ORDER BY i.sort_order, i.id) FROM product_images i WHERE i.product_id = products.id) AS images,
           (SELECT json_object_agg(l.location_id, l.on_hand) FROM stock_levels l WHERE l.product_id = products.id) AS levels,
           (SELECT json_object_agg(l.location_id, l.reserved) FROM stock_levels l WHERE l.product_id = products.id AND l.reserved > 0) AS reserved
      FROM ${products}
     WHERE ${where}
     ORDER BY products.id
     ${limit ? sql`LIMIT ${limit}` : sql``}`);
  return (res as unknown as { rows: ProductRow[] }).rows;
}

const dollars = (cents: number | string) => (Number(cents) / 100).toFixed(2);
const jsonOf = (v: Record<string, number> | string | null): Record<string, number> => (v === null ? {} : typeof v === 'string' ? JSON.parse(v) : v);

/** A product's values, keyed by column, in the CSV's spelling (the export writes these; the import compares with them). */
function csvValues(p: ProductRow, refs: Refs, ctx: CsvContext): Record<string, string> {
  const levels = jsonOf(p.levels);
  const out: Record<string, string> = {
    sku: p.sku,
    name: p.name,
    description: p.description ?? '',
    category: p.category_id ? (refs.categoryPath.get(p.category_id) ?? '') : '',
    brand: p.brand_id ? (refs.brandName.get(p.brand_id) ?? '') : '',
    supplier: p.supplier_id ? (refs.supplierName.get(p.supplier_id) ?? '') : '',
    price: dollars(p.price),
    compare_at_price: p.compare_at !== null ? dollars(p.compare_at) : '',
    gst_inclusive: String(ctx.pricesIncludeGst),
    width_cm: p.width_cm === null ? '' : String(p.width_cm),
    height_cm: p.height_cm === null ? '' : String(p.height_cm),
    depth_cm: p.depth_cm === null ? '' : String(p.depth_cm),
    shipping_class: p.shipping_class,
    assembly_fee: dollars(p.assembly_fee),
    featured: String(p.featured),
    status: p.archived ? 'archived' : 'active',
    image_urls: p.images ?? '',
  };
  for (const l of refs.locations) out[l.column] = String(levels[l.id] ?? 0);
  return out;
}

/** The export's header: the fixed columns with one stock column per location before `featured`. */
function exportColumns(refs: Refs): string[] {
  const at = PRODUCT_CSV_COLUMNS.indexOf('featured');
  return [...PRODUCT_CSV_COLUMNS.slice(0, at), ...refs.locations.map((l) => l.column), ...PRODUCT_CSV_COLUMNS.slice(at)];
}

// ── Export ───────────────────────────────────────────────────────────────────────────────────

/**
 * The products of Product Management's current filters as a CSV stream (GET /api/products/export).
 * @param query the list's filters (parseProductQuery: q, category, style … as GET /api/products;
 *   page, limit and sort are ignored: every match, by id); `includeArchived` adds archived products
 * @returns `filename` (products-YYYY-MM-DD.csv) and `body`, UTF-8 CSV: the header (exportColumns),
 *   then one row per product; money in dollars, dimensions in cm
 * @throws 401/403 without products.write (before anything is read)
 */
export async function exportProductsCsv(actor: SessionUser, query: { list: ProductListParams; includeArchived: boolean }, ctx: CsvContext): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  authorize(actor, 'products.write');
  const refs = await loadRefs(db);
  const conditions = Object.values(buildConditions(normaliseParams(query.list, await groupsOf(query.list)))).filter((c): c is SQL => c !== null);
  if (!query.includeArchived) conditions.push(isNull(products.archivedAt));
  const columns = exportColumns(refs);
  const encoder = new TextEncoder();
  let after = 0;
  let first = true;
  const filename = `products-${new Date().toISOString().slice(0, 10)}.csv`;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const batch = await readProducts(db, and(...conditions, sql`${products.id} > ${after}`)!, BATCH);
        const rows = batch.map((p) => {
          const v = csvValues(p, refs, ctx);
          return columns.map((c) => v[c]);
        });
        controller.enqueue(encoder.encode(stringify(rows, { header: first, columns, escape_formulas: true })));
        first = false;
        if (batch.length < BATCH) controller.close();
        else after = batch[batch.length - 1].id;
      } catch (e) {
        console.error('[products] export stream failed', e);
        controller.error(e);
      }
    },
  });
  return { filename, body };
}

// ── Import: reading the file ────────────────────────────────────────────────────────────────

type Parsed = { header: string[]; rows: { line: number; values: string[] }[] };

/** csv-parse over the text: records with their line numbers; 400 for text that is not CSV. */
function readCsv(text: string): Parsed {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as typeof records;
  } catch (e) {
    throw badRequest(`The file is not valid CSV: ${(e as Error).message}`);
  }
  if (!records.length) throw badRequest('The file is empty: it needs a header row (sku, …) and one row per product.');
  if (records.length - 1 > MAX_IMPORT_ROWS) throw badRequest(`The file has ${records.length - 1} rows; an import takes at most ${MAX_IMPORT_ROWS}. Split the file.`);
  // escape_formulas in the export puts a ' before text starting with = + - @ (tab, CR): read back without it.
  const [header, ...rest] = records;
  return { header: header.record.map((h) => h.trim()), rows: rest.map((r) => ({ line: r.info.lines, values: r.record })) };
}

/** A value as the export wrote it, without the quote csv-stringify's escape_formulas put before = + - @. */
const unescape = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

type Header = { columns: (ProductCsvColumn | Location)[]; names: string[] };

/** The header's columns (fixed or stock); 400 naming the unknown and missing columns, or one given twice. */
function checkHeader(header: string[], refs: Refs): Header {
  const unknown: string[] = [];
  const seen = new Set<string>();
  const twice: string[] = [];
  const columns: (ProductCsvColumn | Location)[] = [];
  for (const raw of header) {
    const name = raw.toLowerCase();
    let column: ProductCsvColumn | Location | undefined;
    if (name.startsWith(STOCK_COLUMN_PREFIX)) {
      const location = name.slice(STOCK_COLUMN_PREFIX.length).trim();
      column = refs.locations.find((l) => l.name.trim().toLowerCase() === location);
    } else column = (PRODUCT_CSV_COLUMNS as readonly string[]).includes(name) ? (name as ProductCsvColumn) : undefined;
    if (!column) {
      unknown.push(raw);
      continue;
    }
    const key = typeof column === 'string' ? column : column.column.toLowerCase();
    if (seen.has(key)) twice.push(raw);
    seen.add(key);
    columns.push(column);
  }
  const names = columns.map((c) => (typeof c === 'string' ? c : c.column));
  const required = PRODUCT_CSV_REQUIRED.filter((c) => !seen.has(c));
  // With an unknown column, the export's columns the file lacks are most likely what it meant.
  const missing = unknown.length ? exportColumns(refs).filter((c) => !seen.has(c.toLowerCase())) : [...required];
  if (unknown.length || required.length || twice.length) {
    const parts = [
      unknown.length ? `Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.map((c) => `“${c}”`).join(', ')}.` : '',
      missing.length ? `Missing column${missing.length > 1 ? 's' : ''}: ${missing.map((c) => `“${c}”`).join(', ')}.` : '',
      twice.length ? `Given twice: ${twice.map((c) => `“${c}”`).join(', ')}.` : '',
      `A file has the export's columns, or a subset of them with “sku”; a stock column is “${STOCK_COLUMN_PREFIX}” and a stock location's name.`,
    ];
    const errors = [
      ...unknown.map((c) => ({ path: c, message: 'Unknown column' })),
      ...missing.map((c) => ({ path: c, message: 'Missing column' })),
      ...twice.map((c) => ({ path: c, message: 'Column given twice' })),
    ];
    throw new AppError('bad_request', parts.filter(Boolean).join(' '), { in: 'body', errors });
  }
  return { columns, names };
}

// ── Import: the plan ────────────────────────────────────────────────────────────────────────

/** What a row asks for, after validation: the columns it sets, in the CSV's spelling and as stored. */
type RowPlan = ImportRow & {
  productId: number | null;
  /** The product columns to write (created: all given; updated: the changed ones). */
  write: Partial<NewProduct>;
  /** New on hand per stock location, for the locations whose figure changes (created: every figure given). */
  stock: { locationId: number; onHand: number }[];
  archive: boolean | null;
  /** The product as the audit log names it: "Name (SKU)". */
  label: string;
  /** The product's primary category before the import (its link is replaced when the category changes). */
  oldCategoryId: number | null;
  priceChange: { from: number; to: number } | null;
  before: Record<string, string>;
  after: Record<string, string>;
};

/** The columns one row of the file sets, validated with the product editor's schemas. */
function planRow(line: number, values: string[], header: Header, current: ProductRow | undefined, refs: Refs, ctx: CsvContext): RowPlan {
  const errors: string[] = [];
  const given = new Map<string, string>();
  header.names.forEach((name, i) => given.set(name, unescape(values[i] ?? '').trim()));
  const sku = given.get('sku') ?? '';
  const plan: RowPlan = { line, sku, status: 'error', changes: [], errors, productId: current?.id ?? null, write: {}, stock: [], archive: null, label: `${current?.name ?? given.get('name') ?? ''} (${sku})`.trim(), oldCategoryId: current?.category_id ?? null, priceChange: null, before: {}, after: {} };
  if (values.length !== header.names.length) errors.push(`The row has ${values.length} values; the header has ${header.names.length} columns.`);
  if (!sku) {
    errors.push('The SKU is empty.');
    return plan;
  }
  if (hasControlCharacters(sku) || sku.length > 64) {
    errors.push('The SKU must be at most 64 characters, without control characters.');
    return plan;
  }
  for (const [name, v] of given) if (hasControlCharacters(v.replace(/[\t\n\r]/g, ''))) errors.push(`${name}: control characters are not allowed.`);

  // The product editor's fields: blank leaves a required field as it is, and clears an optional one.
  const fields: Record<string, unknown> = {};
  const set = (column: ProductCsvColumn, field: string, optional: boolean) => {
    if (!given.has(column)) return;
    const v = given.get(column)!;
    if (v !== '' || optional) fields[field] = v;
  };
  set('name', 'name', false);
  set('description', 'description', true);
  set('price', 'price', false);
  set('width_cm', 'width_cm', true);
  set('height_cm', 'height_cm', true);
  set('depth_cm', 'depth_cm', true);
  set('assembly_fee', 'assembly_fee', false);
  set('featured', 'featured', false);
  if (given.get('shipping_class')) fields.shipping_class = given.get('shipping_class')!.toLowerCase();
  if (!current) fields.sku = sku;
  const lookups: [ProductCsvColumn, string, Map<string, number>, (v: string) => string, string][] = [
    ['category', 'category_id', refs.categoryByPath, pathKey, 'category'],
    ['brand', 'brand_id', refs.brandByName, (v) => v.toLowerCase(), 'brand'],
    ['supplier', 'supplier_id', refs.supplierByName, (v) => v.toLowerCase(), 'supplier'],
  ];
  for (const [column, field, map, key, what] of lookups) {
    if (!given.has(column)) continue;
    const v = given.get(column)!;
    if (!v) fields[field] = null;
    else if (map.has(key(v))) fields[field] = map.get(key(v));
    else errors.push(`Unknown ${what} “${v}”${column === 'category' ? ' (write the path, e.g. “Living room > Sofas”)' : ''}.`);
  }
  const parsed = (current ? productUpdateSchema : productCreateSchema).safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors.push(issue.message === 'Invalid input' || !issue.message ? `${issue.path.join('.')}: not valid.` : issue.message);
  }
  if (!current && (!fields.name || !fields.price)) errors.push('A new product needs a name and a price.');

  const status = given.get('status')?.toLowerCase();
  if (status && status !== 'active' && status !== 'archived') errors.push('Status must be active or archived.');

  const stock: { location: Location; onHand: number }[] = [];
  for (const l of refs.locations) {
    const v = given.get(l.column);
    if (v === undefined || v === '') continue;
    const n = stockField.safeParse(v);
    if (!n.success) errors.push(`${l.column}: Stock must be a whole number of 0 or more.`);
    else {
      const held = jsonOf(current?.reserved ?? null)[l.id] ?? 0;
      if (n.data < held) errors.push(`${l.column}: ${held} are held for orders at ${l.name}; on hand cannot be less.`);
      stock.push({ location: l, onHand: n.data });
    }
  }

  const before = current ? csvValues(current, refs, ctx) : {};
  // Read-only columns: as exported (or empty), else the row says where they are changed.
  const readOnly: [ProductCsvColumn, string][] = [
    ['compare_at_price', 'The compare-at price is the price before a promotion; change it in Promotions, not in the file.'],
    ['gst_inclusive', `Prices in this shop ${ctx.pricesIncludeGst ? 'include' : 'exclude'} GST (Settings); gst_inclusive must be ${ctx.pricesIncludeGst} or empty.`],
    ['image_urls', 'Images are changed in Edit Images; keep image_urls as exported or leave the column out.'],
  ];
  for (const [column, message] of readOnly) {
    const v = given.get(column);
    if (!v) continue;
    const expected = column === 'gst_inclusive' ? String(ctx.pricesIncludeGst) : (before[column] ?? '');
    const same = column === 'gst_inclusive' ? ['true', 'false', 'yes', 'no', '1', '0'].includes(v.toLowerCase()) && ['true', 'yes', '1'].includes(v.toLowerCase()) === ctx.pricesIncludeGst : v === expected;
    if (!same) errors.push(message);
  }
  if (errors.length || !parsed.success) return plan;

  // The row's values in the CSV's spelling, compared with the product's.
  const input = parsed.data as Record<string, unknown>;
  const after: Record<string, string> = {};
  const write: Partial<NewProduct> = {};
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  if (input.name !== undefined) {
    after.name = String(input.name);
    write.name = String(input.name);
  }
  if (input.description !== undefined) {
    after.description = text(input.description);
    write.description = (input.description as string | null) ?? null;
  }
  if (input.price !== undefined) {
    after.price = (input.price as number).toFixed(2);
    write.price = toCents(input.price as number);
  }
  for (const [k, col] of [['width_cm', 'widthCm'], ['height_cm', 'heightCm'], ['depth_cm', 'depthCm']] as const) {
    if (input[k] !== undefined) {
      after[k] = text(input[k]);
      write[col] = input[k] as number | null;
    }
  }
  if (input.shipping_class !== undefined) {
    after.shipping_class = String(input.shipping_class);
    write.shippingClass = input.shipping_class as NewProduct['shippingClass'];
  }
  if (input.assembly_fee !== undefined) {
    after.assembly_fee = (input.assembly_fee as number).toFixed(2);
    write.assemblyFee = toCents(input.assembly_fee as number);
  }
  if (input.featured !== undefined) {
    after.featured = String(input.featured);
    write.featured = input.featured as boolean;
  }
  if (input.category_id !== undefined) {
    after.category = input.category_id ? refs.categoryPath.get(input.category_id as number)! : '';
    write.categoryId = input.category_id as number | null;
  }
  if (input.brand_id !== undefined) {
    after.brand = input.brand_id ? refs.brandName.get(input.brand_id as number)! : '';
    write.brandId = input.brand_id as number | null;
  }
  if (input.supplier_id !== undefined) {
    after.supplier = input.supplier_id ? refs.supplierName.get(input.supplier_id as number)! : '';
    write.supplierId = input.supplier_id as number | null;
  }
  if (status) after.status = status;
  for (const s of stock) after[s.location.column] = String(s.onHand);

  if (!current) {
    plan.status = 'created';
    plan.write = { ...write, sku, name: String(input.name), price: toCents(input.price as number) };
    if (!plan.write.shippingClass) {
      plan.write.shippingClass = shippingClassFor({ widthCm: write.widthCm ?? null, heightCm: write.heightCm ?? null, depthCm: write.depthCm ?? null, name: String(input.name) });
      after.shipping_class = plan.write.shippingClass;
    }
    plan.archive = status === 'archived' ? true : null;
    plan.stock = stock.filter((s) => s.onHand > 0).map((s) => ({ locationId: s.location.id, onHand: s.onHand }));
    plan.changes = Object.entries(after).map(([field, v]) => ({ field, before: '', after: v }));
    plan.after = after;
    return plan;
  }

  const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
  const columnOf: Record<string, keyof NewProduct> = {
    name: 'name', description: 'description', price: 'price', width_cm: 'widthCm', height_cm: 'heightCm', depth_cm: 'depthCm',
    shipping_class: 'shippingClass', assembly_fee: 'assemblyFee', featured: 'featured', category: 'categoryId', brand: 'brandId', supplier: 'supplierId',
  };
  for (const k of changed) {
    const col = columnOf[k];
    if (col) (plan.write as Record<string, unknown>)[col] = write[col];
  }
  if (changed.includes('status')) plan.archive = status === 'archived';
  if (changed.includes('price')) plan.priceChange = { from: current.price, to: write.price! };
  plan.stock = stock.filter((s) => changed.includes(s.location.column)).map((s) => ({ locationId: s.location.id, onHand: s.onHand }));
  plan.changes = changed.map((field) => ({ field, before: before[field] ?? '', after: after[field] }));
  plan.before = Object.fromEntries(changed.map((k) => [k, before[k] ?? '']));
  plan.after = Object.fromEntries(changed.map((k) => [k, after[k]]));
  plan.status = changed.length ? 'updated' : 'unchanged';
  return plan;
}

type Plan = { header: Header; rows: RowPlan[]; needs: Set<Permission> };

/**
 * How far an import is, `done` of `total` in each step: reading (the file's SKUs looked up), checking
 * (rows planned), writing (products created or updated), recording (their audit rows).
 */
export type ImportProgress = (p: { step: 'reading' | 'checking' | 'writing' | 'recording'; done: number; total: number }) => void;

/** Every row's plan against the database as `ex` reads it (locking the matched products in a transaction). */
async function planImport(ex: Executor, text: string, ctx: CsvContext, lock: boolean, progress?: ImportProgress): Promise<Plan> {
  const parsed = readCsv(text);
  const refs = await loadRefs(ex);
  const header = checkHeader(parsed.header, refs);
  const skuAt = header.names.indexOf('sku');
  const skus = [...new Set(parsed.rows.map((r) => (r.values[skuAt] ?? '').trim().toLowerCase()).filter((s) => s && !/\n/.test(s)))];
  const bySku = new Map<string, ProductRow>();
  for (let i = 0; i < skus.length; i += BATCH) {
    const chunk = skus.slice(i, i + BATCH).join('\n');
    const where = sql`lower(${products.sku}) = ANY(string_to_array(${chunk}::text, chr(10)))`;
    if (lock) await ex.execute(sql`SELECT id FROM ${products} WHERE ${where} ORDER BY id FOR UPDATE`);
    for (const p of await readProducts(ex, where)) bySku.set(p.sku.toLowerCase(), p);
    progress?.({ step: 'reading', done: Math.min(i + BATCH, skus.length), total: skus.length });
  }
  const firstLine = new Map<string, number>();
  const needs = new Set<Permission>();
  const rows = parsed.rows.map(({ line, values }) => {
    const sku = (values[skuAt] ?? '').trim();
    const key = sku.toLowerCase();
    const earlier = firstLine.get(key);
    if (sku && earlier !== undefined) {
      return { line, sku, status: 'error', changes: [], errors: [`The SKU “${sku}” is also on line ${earlier}; a product is imported once.`], productId: null, write: {}, stock: [], archive: null, label: sku, oldCategoryId: null, priceChange: null, before: {}, after: {} } satisfies RowPlan;
    }
    if (sku) firstLine.set(key, line);
    const plan = planRow(line, values, header, bySku.get(key), refs, ctx);
    if (progress && line % 1000 === 0) progress({ step: 'checking', done: line - 1, total: parsed.rows.length });
    if (plan.status === 'created' || plan.priceChange) needs.add('prices.write');
    if (plan.stock.length) needs.add('stock.manage');
    return plan;
  });
  return { header, rows, needs };
}

/** The report of a plan: every row with its outcome, and the counts. */
function report(plan: Plan, dryRun: boolean, importId: string | null): ProductImportReport {
  const counts = { created: 0, updated: 0, unchanged: 0, error: 0 };
  for (const r of plan.rows) counts[r.status]++;
  return {
    dry_run: dryRun,
    applied: !dryRun && importId !== null,
    import_id: importId,
    columns: plan.header.names,
    counts,
    rows: plan.rows.map(({ line, sku, status, changes, errors }) => ({ line, sku, status, changes, errors })),
  };
}

// ── Import: the door ────────────────────────────────────────────────────────────────────────

/**
 * Imports products from CSV text (POST /api/products/import).
 * @param text the file, UTF-8 (the door has checked its size: MAX_IMPORT_BYTES)
 * @param options `dryRun`: answer the plan and write nothing
 * @param ctx the shop's GST setting; `hooks.onPriceChange` runs in the transaction for each changed price
 * @returns the report: each row created / updated / unchanged / error with its changes (before →
 *   after, as the CSV spells them) or its errors; after an apply, the import's id
 * @throws 403 without products.write, or without prices.write (a new product, a changed price) or
 *   stock.manage (a changed stock figure) when the file needs them; 400 not CSV, a wrong header
 *   (naming unknown and missing columns), too many rows, or — when applying — any row with an
 *   error (nothing is written; `rows` lists them); 409 a stock figure below what orders hold
 */
export async function importProductsCsv(actor: SessionUser, text: string, options: { dryRun: boolean; onProgress?: ImportProgress }, ctx: CsvContext, hooks: ProductUpdateHooks = {}): Promise<ProductImportReport> {
  authorize(actor, 'products.write');
  const progress = options.onProgress;
  if (options.dryRun) {
    const plan = await planImport(db, text, ctx, false, progress);
    for (const p of plan.needs) authorize(actor, p);
    return report(plan, true, null);
  }
  const importId = `import-${randomUUID()}`;
  const { plan, changedIds } = await db.transaction(async (tx) => {
    const plan = await planImport(tx, text, ctx, true, progress);
    for (const p of plan.needs) authorize(actor, p);
    const errors = plan.rows.filter((r) => r.status === 'error');
    if (errors.length) {
      throw new AppError('bad_request', `${errors.length} row${errors.length > 1 ? 's have' : ' has'} errors; nothing was imported. Correct the file and try again.`, {
        in: 'body',
        errors: errors.flatMap(({ line, sku, errors }) => errors.map((message) => ({ path: `line ${line}${sku ? ` (${sku})` : ''}`, message }))),
      });
    }
    return { plan, changedIds: await applyPlan(tx, actor, plan, importId, hooks, progress) };
  });
  if (changedIds.length) {
    invalidateCatalogue();
    for (const id of changedIds) invalidateCatalogue(id);
  }
  return report(plan, false, changedIds.length ? importId : null);
}

/** The product columns an import writes: the write's key, the column, its SQL type. */
const UPDATABLE: [keyof NewProduct, string, string][] = [
  ['name', 'name', 'text'],
  ['description', 'description', 'text'],
  ['categoryId', 'category_id', 'int'],
  ['brandId', 'brand_id', 'int'],
  ['supplierId', 'supplier_id', 'int'],
  ['price', 'price', 'int'],
  ['widthCm', 'width_cm', 'int'],
  ['heightCm', 'height_cm', 'int'],
  ['depthCm', 'depth_cm', 'int'],
  ['shippingClass', 'shipping_class', 'text'],
  ['assemblyFee', 'assembly_fee', 'int'],
  ['featured', 'featured', 'boolean'],
];

/**
 * One UPDATE for many products, each setting only its changed columns (a flag per column says
 * whether the row sets it); archiving sets archived_at and clears featured, as deleteProduct's archive.
 */
async function updateProducts(tx: Tx, rows: RowPlan[]): Promise<void> {
  const values = sql.join(
    rows.map((r) => {
      const cells = UPDATABLE.flatMap(([key, , type]) => {
        const given = key in r.write;
        const v = given ? (r.write[key] as unknown) : null;
        return [sql`${given}::boolean`, sql`${v === undefined ? null : v}::${sql.raw(type)}`];
      });
      const archive = r.archive === true ? 'archive' : r.archive === false ? 'restore' : 'keep';
      return sql`(${r.productId!}::int, ${archive}::text, ${sql.join(cells, sql`, `)})`;
    }),
    sql`, `,
  );
  const names = UPDATABLE.flatMap(([, col]) => [`set_${col}`, col]).join(', ');
  const sets = UPDATABLE.filter(([, col]) => col !== 'featured').map(([, col]) => sql.raw(`${col} = CASE WHEN v.set_${col} THEN v.${col} ELSE p.${col} END`));
  await tx.execute(sql`
    UPDATE products p SET ${sql.join(sets, sql`, `)},
           featured = CASE WHEN v.archive = 'archive' THEN false WHEN v.set_featured THEN v.featured ELSE p.featured END,
           archived_at = CASE v.archive WHEN 'archive' THEN coalesce(p.archived_at, now()) WHEN 'restore' THEN NULL ELSE p.archived_at END,
           updated_at = now()
      FROM (VALUES ${values}) AS v(id, archive, ${sql.raw(names)})
     WHERE p.id = v.id`);
}

/** Writes a plan without errors in `tx`: new products, changed fields, archive states, stock counts, one audit row per product. */
async function applyPlan(tx: Tx, actor: SessionUser, plan: Plan, importId: string, hooks: ProductUpdateHooks, progress?: ImportProgress): Promise<number[]> {
  const created = plan.rows.filter((r) => r.status === 'created');
  const updated = plan.rows.filter((r) => r.status === 'updated');
  const total = created.length + updated.length;
  let done = 0;
  const wrote = (n: number) => {
    done += n;
    progress?.({ step: 'writing', done, total });
  };
  for (let i = 0; i < created.length; i += BATCH) {
    const chunk = created.slice(i, i + BATCH);
    const ids = await tx
      .insert(products)
      .values(chunk.map((r) => ({ ...(r.write as NewProduct), archivedAt: r.archive ? new Date() : null })))
      .returning({ id: products.id });
    chunk.forEach((r, j) => (r.productId = ids[j].id));
    wrote(chunk.length);
  }
  const links = created.filter((r) => r.write.categoryId).map((r) => ({ productId: r.productId!, categoryId: r.write.categoryId! }));
  for (let i = 0; i < links.length; i += BATCH) await tx.insert(productCategories).values(links.slice(i, i + BATCH)).onConflictDoNothing();

  for (let i = 0; i < updated.length; i += BATCH) {
    const chunk = updated.slice(i, i + BATCH);
    await updateProducts(tx, chunk);
    for (const r of chunk) if (r.priceChange) await hooks.onPriceChange?.(tx, { productId: r.productId!, ...r.priceChange });
    wrote(chunk.length);
  }
  // A new primary category is listed among the product's categories, the old one no longer (as updateProduct).
  for (const r of updated.filter((r) => 'categoryId' in r.write)) {
    if (r.oldCategoryId) await tx.delete(productCategories).where(and(eq(productCategories.productId, r.productId!), eq(productCategories.categoryId, r.oldCategoryId)));
    if (r.write.categoryId) await tx.insert(productCategories).values({ productId: r.productId!, categoryId: r.write.categoryId }).onConflictDoNothing();
  }
  // An archived product can no longer be bought: out of shoppers' carts (as deleteProduct's archive).
  const archived = updated.filter((r) => r.archive === true).map((r) => r.productId!);
  if (archived.length) await tx.delete(cartItems).where(inArray(cartItems.productId, archived));

  const counts: Count[] = [...created, ...updated].flatMap((r) => r.stock.map((s) => ({ ...s, productId: r.productId! })));
  if (counts.length) await setOnHandMany(tx, counts, { actor: { id: actor.id, label: actor.userName }, importId, note: 'Product import' });

  // One audit row per product, its changed columns as the CSV spells them (product.import).
  progress?.({ step: 'recording', done: 0, total });
  await recordAuditMany(
    tx,
    actor,
    [...created, ...updated].map((r) => ({ action: 'product.import', target: { type: 'product', id: r.productId!, label: r.label }, before: r.status === 'created' ? null : r.before, after: r.after })),
  );
  progress?.({ step: 'recording', done: total, total });
  return [...created, ...updated].map((r) => r.productId!);
}
