/**
 * Imports the real catalogue (db/data/ikea-sa-furniture.csv, see db/data/README.md) into an empty
 * database, in one transaction with batched inserts:
 *
 *   - 7 rooms (top-level categories) with the 17 IKEA categories as subcategories (db/import/rooms.ts);
 *   - one IKEA brand and one supplier;
 *   - one product per distinct item_id (2,962 from 3,694 rows): an item listed under several IKEA
 *     categories is linked to each of them in product_categories, and products.category_id is the
 *     first category it is listed under;
 *   - prices converted SAR → NZD cents at a fixed rate (db/import/derive.ts NZD_PER_SAR);
 *   - a promotion for every item with an old price, in a campaign per room ("Living room sale");
 *   - derived size, colour, material, function, mobility, style, description, SKU, dimensions, and
 *     deterministic stock, creation dates and ~24 featured products.
 *
 * No 'server-only' imports: runs under tsx (npm run db:seed) as well as in the app and the tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { db, type Executor } from '../client';
import { brands, categories, productCategories, products, promotions, suppliers, type NewProduct, type NewPromotion } from '../schema';
import { shippingClassFor } from '../shipping-class';
import {
  NZD_PER_SAR,
  RATE_DATE,
  buildDescription,
  cleanDesigner,
  createdAtFor,
  deriveColour,
  deriveFunction,
  deriveMaterials,
  deriveMobility,
  deriveStyle,
  fillFromSize,
  buildKey,
  finishWords,
  hash32,
  isUpholstered,
  materialText,
  parseDimensions,
  parseLink,
  parseOldPrice,
  parsePrice,
  parseShortDescription,
  productName,
  sarToNzdCents,
  skuFor,
  stockFor,
  variantKey,
} from './derive';
import { ROOMS, campaignName, slugify } from './rooms';

/** Where the catalogue data lives (see db/data/README.md). */
export const CATALOGUE_CSV = path.join(process.cwd(), 'db', 'data', 'ikea-sa-furniture.csv');

const COLUMNS = ['item_id', 'name', 'category', 'price', 'old_price', 'sellable_online', 'link', 'other_colors', 'short_description', 'designer', 'depth', 'height', 'width'] as const;
type CsvRow = Record<(typeof COLUMNS)[number], string>;

export const BRAND_NAME = 'IKEA';
export const SUPPLIER_NAME = 'IKEA (catalogue import)';
/** How many products are marked featured at import. */
export const FEATURED_COUNT = 24;
const BATCH = 500;

/** What the import did; every CSV row is accounted for: products + duplicateRows = rowsRead = categoryLinks. */
export type ImportReport = {
  rowsRead: number;
  products: number;
  /** Rows that repeat an item already seen, listed under another category (merged into one product). */
  duplicateRows: number;
  /** product_categories rows: one per CSV row. */
  categoryLinks: number;
  rooms: number;
  subcategories: number;
  /** Products on promotion (items with an old price). */
  promotions: number;
  promotionCampaigns: number;
  /** Promotions whose old price was a pack price ("SR 50/4 pack"). */
  packPrices: number;
  notSellableOnline: number;
  outOfStock: number;
  lowStock: number;
  featured: number;
  /** Designer values dropped because they were scraped page text. */
  designersSkipped: number;
  /** Dimension values above 300 cm corrected (÷10) or dropped. */
  dimensionsFixed: number;
  /** Sides the columns leave empty, read from the product's size text (derive.ts fillFromSize). */
  dimensionsFromText: number;
  /** Sides still empty, taken from a variant of the same model and build in another colour. */
  dimensionsFromVariants: number;
  /** Models sold in several colours or sizes (variant groups of two or more products). */
  variantGroups: number;
  /** Products that belong to a variant group. */
  productsInVariantGroups: number;
  nzdPerSar: number;
  rateDate: string;
  ms: number;
};

type Item = { row: CsvRow; categories: string[] };

/** Reads and checks the CSV (default db/data/ikea-sa-furniture.csv): 13 named columns, one object per data row. */
export function readCatalogueCsv(csvPath?: string): CsvRow[] {
  // The default path is written out so that the build traces exactly that one data file.
  const text = csvPath ? fs.readFileSync(/*turbopackIgnore: true*/ csvPath) : fs.readFileSync(path.join(process.cwd(), 'db', 'data', 'ikea-sa-furniture.csv'));
  const rows = parse(text, { columns: true, skip_empty_lines: true, trim: false }) as CsvRow[];
  const header = rows.length ? Object.keys(rows[0]) : [];
  const missing = COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) throw new Error(`The catalogue CSV lacks the column(s): ${missing.join(', ')}`);
  return rows;
}

/** Groups rows by item_id in file order; an item's categories are listed in the order they appear. */
export function groupItems(rows: CsvRow[]): Map<string, Item> {
  const items = new Map<string, Item>();
  for (const row of rows) {
    const id = row.item_id.trim();
    const seen = items.get(id);
    if (!seen) items.set(id, { row, categories: [row.category] });
    else if (!seen.categories.includes(row.category)) seen.categories.push(row.category);
  }
  return items;
}

/**
 * Imports the catalogue into an empty catalogue (call only when there are no categories; seedIfEmpty
 * does). Throws, leaving nothing written, when the CSV is unreadable or names an unknown category.
 */
export async function importCatalogue(opts: { csvPath?: string; now?: Date; executor?: Executor } = {}): Promise<ImportReport> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const rows = readCatalogueCsv(opts.csvPath);
  const items = groupItems(rows);

  const roomOf = new Map<string, string>();
  for (const room of ROOMS) for (const c of room.categories) roomOf.set(c, room.name);
  const unknown = [...new Set(rows.map((r) => r.category))].filter((c) => !roomOf.has(c));
  if (unknown.length) throw new Error(`The catalogue CSV has categories with no room: ${unknown.join(', ')}`);

  let designersSkipped = 0;
  let dimensionsFixed = 0;
  let packPrices = 0;
  let dimensionsFromText = 0;

  type Prepared = {
    values: Omit<NewProduct, 'categoryId' | 'brandId' | 'supplierId'>;
    item: Item;
    room: string;
    family: string;
    originalCents: number | null;
    fn: string;
    /** Name, size text and build: the variants that measure the same. */
    build: string;
    /** What the description is written from, once the measurements are complete. */
    text: Omit<Parameters<typeof buildDescription>[0], 'dims'>;
  };
  const prepared: Prepared[] = [];
  for (const [itemId, item] of items) {
    const { row } = item;
    const { type, size: sizeText } = parseShortDescription(row.short_description);
    const link = parseLink(row.link);
    const old = parseOldPrice(row.old_price);
    const priceSar = parsePrice(row.price);
    if (old?.packOf) packPrices++;
    const size = old?.packOf ? `${sizeText ? `${sizeText}, ` : ''}pack of ${old.packOf}` : sizeText;
    const designer = cleanDesigner(row.designer);
    if (!designer && row.designer.trim()) designersSkipped++;
    const fn = deriveFunction(type, item.categories[0]);
    const measured = parseDimensions(row, sizeText);
    dimensionsFixed += measured.fixed;
    // Sides the columns leave empty, from the product's own size text.
    const dims = fillFromSize(measured, sizeText, type, fn);
    dimensionsFromText += dims.filled;
    const finish = finishWords(link.words, row.name, type);
    const materials = deriveMaterials(finish, type);
    const colour = deriveColour(finish, materials);
    const upholstered = isUpholstered(type, fn);
    const material = materialText(materials, upholstered);
    const sellableOnline = row.sellable_online.trim() === 'True';
    const otherColors = row.other_colors.trim() === 'Yes';
    const createdAt = createdAtFor(itemId, now);
    const name = productName(row.name, type);
    prepared.push({
      item,
      room: roomOf.get(item.categories[0])!,
      family: row.name.split('/')[0].trim(),
      fn,
      originalCents: old ? sarToNzdCents(old.sar) : null,
      build: `${name}|${sizeText ?? ''}|${buildKey(link.words)}`,
      text: { type, size, designer, colour, material, packOf: old?.packOf ?? null, isSet: link.isSet },
      values: {
        sku: skuFor(link.article, link.isSet),
        name,
        material,
        style: deriveStyle(materials, colour, upholstered),
        color: colour,
        size,
        function: fn,
        mobility: deriveMobility(type, link.words, fn),
        widthCm: dims.widthCm,
        heightCm: dims.heightCm,
        depthCm: dims.depthCm,
        price: sarToNzdCents(priceSar),
        stock: stockFor(itemId, sellableOnline),
        featured: false,
        designer,
        sellableOnline,
        otherColors,
        externalId: itemId,
        sourceUrl: row.link.trim(),
        createdAt,
        updatedAt: createdAt,
      },
    });
  }

  // A side still empty is taken from the same model in another colour (same name, size text and
  // build, db/import/derive.ts buildKey) when every variant that measures it agrees.
  const sidesOfBuild = new Map<string, Record<'widthCm' | 'heightCm' | 'depthCm', Set<number>>>();
  for (const p of prepared) {
    const known = sidesOfBuild.get(p.build) ?? { widthCm: new Set(), heightCm: new Set(), depthCm: new Set() };
    for (const k of ['widthCm', 'heightCm', 'depthCm'] as const) if (p.values[k]) known[k].add(p.values[k]);
    sidesOfBuild.set(p.build, known);
  }
  let dimensionsFromVariants = 0;
  for (const p of prepared) {
    const known = sidesOfBuild.get(p.build)!;
    for (const k of ['widthCm', 'heightCm', 'depthCm'] as const) {
      if (p.values[k] || known[k].size !== 1) continue;
      p.values[k] = [...known[k]][0];
      dimensionsFromVariants++;
    }
  }

  for (const p of prepared) {
    const v = p.values;
    const dims = { widthCm: v.widthCm ?? null, heightCm: v.heightCm ?? null, depthCm: v.depthCm ?? null };
    v.description = buildDescription({ ...p.text, dims });
    // Parcel or bulky by the one rule of db/shipping-class.ts: the measurements, else the kind.
    v.shippingClass = shippingClassFor({ ...dims, name: v.name });
  }

  // Variant groups: products with the same name (family + type) are one model in several colours
  // or sizes; a key shared by nobody else stays null.
  const groupSize = new Map<string, number>();
  for (const p of prepared) {
    const key = variantKey(p.values.name);
    groupSize.set(key, (groupSize.get(key) ?? 0) + 1);
  }
  for (const p of prepared) {
    const key = variantKey(p.values.name);
    p.values.variantGroup = groupSize.get(key)! > 1 ? key : null;
  }
  const variantGroups = [...groupSize.values()].filter((n) => n > 1);

  // Featured: a deterministic round-robin over the rooms, lowest hash first, among real furniture
  // (not parts or covers) that is in stock, measured and at least $100; one per product family.
  const byRoom = new Map<string, Prepared[]>(ROOMS.map((r) => [r.name, []]));
  for (const p of prepared) {
    const v = p.values;
    if (p.fn === 'Parts & fittings' || p.fn === 'Covers & cushions' || (v.stock ?? 0) === 0 || !v.widthCm || v.price < 10_000) continue;
    byRoom.get(p.room)!.push(p);
  }
  for (const list of byRoom.values()) list.sort((a, b) => hash32(`featured:${a.item.row.item_id}`) - hash32(`featured:${b.item.row.item_id}`));
  const families = new Set<string>();
  let featured = 0;
  for (let round = 0; featured < FEATURED_COUNT && round < 1000; round++) {
    let pickedThisRound = false;
    for (const list of byRoom.values()) {
      if (featured >= FEATURED_COUNT) break;
      const pick = list.find((p) => !p.values.featured && !families.has(p.family));
      if (!pick) continue;
      pick.values.featured = true;
      families.add(pick.family);
      featured++;
      pickedThisRound = true;
    }
    if (!pickedThisRound) break;
  }

  const executor = opts.executor ?? db;
  const counts = await executor.transaction(async (tx) => {
    // Rooms, then their subcategories.
    const roomRows = await tx
      .insert(categories)
      .values(ROOMS.map((r, i) => ({ name: r.name, slug: slugify(r.name), description: r.description, sortOrder: i })))
      .returning({ id: categories.id, name: categories.name });
    const roomId = new Map(roomRows.map((r) => [r.name, r.id]));
    const subRows = await tx
      .insert(categories)
      .values(ROOMS.flatMap((r) => r.categories.map((c, i) => ({ name: c, slug: slugify(c), parentId: roomId.get(r.name)!, sortOrder: i }))))
      .returning({ id: categories.id, name: categories.name });
    const subId = new Map(subRows.map((r) => [r.name, r.id]));

    // The brand and the supplier may already exist (created by hand, any case): then they are reused.
    const brandId =
      (await idByName(tx, brands, BRAND_NAME)) ??
      (await tx.insert(brands).values({ name: BRAND_NAME, description: 'Swedish home furnishings. Catalogue imported from the IKEA Saudi Arabia web shop as it was on 20 April 2020.' }).returning({ id: brands.id }))[0].id;
    const supplierId =
      (await idByName(tx, suppliers, SUPPLIER_NAME)) ??
      (await tx.insert(suppliers).values({ name: SUPPLIER_NAME, contactInfo: 'Supplier of the imported IKEA catalogue (source: ikea.com/sa/en, April 2020).' }).returning({ id: suppliers.id }))[0].id;

    const idByItem = new Map<string, number>();
    for (let i = 0; i < prepared.length; i += BATCH) {
      const batch = prepared.slice(i, i + BATCH);
      const inserted = await tx
        .insert(products)
        .values(batch.map((p) => ({ ...p.values, categoryId: subId.get(p.item.categories[0])!, brandId, supplierId })))
        .returning({ id: products.id, externalId: products.externalId });
      for (const r of inserted) idByItem.set(r.externalId!, r.id);
    }

    const links = prepared.flatMap((p) => p.item.categories.map((c) => ({ productId: idByItem.get(p.item.row.item_id.trim())!, categoryId: subId.get(c)! })));
    for (let i = 0; i < links.length; i += BATCH * 4) await tx.insert(productCategories).values(links.slice(i, i + BATCH * 4));

    const promos: NewPromotion[] = prepared
      .filter((p) => p.originalCents !== null && p.originalCents > p.values.price)
      .map((p) => ({ productId: idByItem.get(p.item.row.item_id.trim())!, name: campaignName(p.room), originalPrice: p.originalCents!, startsAt: p.values.createdAt as Date }));
    for (let i = 0; i < promos.length; i += BATCH * 2) await tx.insert(promotions).values(promos.slice(i, i + BATCH * 2));

    return { links: links.length, promotions: promos.length, campaigns: new Set(promos.map((p) => p.name)).size, rooms: roomRows.length, subcategories: subRows.length };
  });

  return {
    rowsRead: rows.length,
    products: prepared.length,
    duplicateRows: rows.length - prepared.length,
    categoryLinks: counts.links,
    rooms: counts.rooms,
    subcategories: counts.subcategories,
    promotions: counts.promotions,
    promotionCampaigns: counts.campaigns,
    packPrices,
    notSellableOnline: prepared.filter((p) => !p.values.sellableOnline).length,
    outOfStock: prepared.filter((p) => p.values.stock === 0).length,
    lowStock: prepared.filter((p) => (p.values.stock ?? 0) > 0 && (p.values.stock ?? 0) <= 5).length,
    featured,
    designersSkipped,
    dimensionsFixed,
    dimensionsFromText,
    dimensionsFromVariants,
    variantGroups: variantGroups.length,
    productsInVariantGroups: variantGroups.reduce((a, n) => a + n, 0),
    nzdPerSar: NZD_PER_SAR,
    rateDate: RATE_DATE,
    ms: Math.round(performance.now() - started),
  };
}

/** The id of the brand or supplier with this name (any case); undefined when there is none. */
async function idByName(tx: Executor, table: typeof brands | typeof suppliers, name: string): Promise<number | undefined> {
  const [found] = await tx
    .select({ id: table.id })
    .from(table)
    .where(sql`lower(${table.name}) = lower(${name})`)
    .limit(1);
  return found?.id;
}
