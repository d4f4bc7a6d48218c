import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { brands, categories, productCategories, products, promotions, settings, suppliers } from '@/db/schema';
import {
  buildDescription,
  buildKey,
  cleanDesigner,
  deriveColour,
  deriveFunction,
  deriveMaterials,
  deriveMobility,
  deriveStyle,
  fillFromSize,
  finishWords,
  parseDimensions,
  parseLink,
  parseOldPrice,
  parseShortDescription,
  sarToNzdCents,
  sizeSides,
  skuFor,
  stockFor,
  variantKey,
} from '@/db/import/derive';
import { ROOMS } from '@/db/import/rooms';
import { isBulkyKind, shippingClassFor } from '@/db/shipping-class';
import type { ImportReport } from '@/db/import/ikea';
import { seedIfEmpty } from '@/db/seed-data';
import { importRealCatalogue, readCsvRows, type RawRow } from '../support/catalog';

let report: ImportReport;
let rows: RawRow[];
/** item_id → its rows in file order. */
const byItem = new Map<string, RawRow[]>();

beforeAll(async () => {
  report = await importRealCatalogue();
  console.log(`[catalog import] ${report.ms} ms on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  rows = readCsvRows();
  for (const r of rows) byItem.set(r.item_id, [...(byItem.get(r.item_id) ?? []), r]);
});

/** The old price in SAR, read independently of the importer: "SR 2,375" → 2375, "SR 50/4 pack" → 50. */
const oldSar = (text: string) => (text === 'No old price' ? null : Number(text.replace(/^SR\s*/, '').replace(/\/.*$/, '').replace(/,/g, '')));

describe('catalogue import — every CSV row accounted for', () => {
  test('3,694 rows become 2,962 products and 3,694 category links; the numbers add up', async () => {
    expect(report.rowsRead).toBe(3694);
    expect(rows.length).toBe(3694);
    expect(report.products).toBe(2962);
    expect(report.products).toBe(byItem.size);
    expect(report.products + report.duplicateRows).toBe(report.rowsRead);
    expect(report.categoryLinks).toBe(report.rowsRead);
    const [{ n: productCount }] = await db.select({ n: count() }).from(products);
    const [{ n: linkCount }] = await db.select({ n: count() }).from(productCategories);
    expect(productCount).toBe(2962);
    expect(linkCount).toBe(3694);
  });

  test('each item is linked to every subcategory it is listed under, and its category_id is the first one', async () => {
    const links = await db.execute(sql`
      SELECT p.external_id, c.name AS category, (p.category_id = c.id) AS is_primary
      FROM product_categories pc JOIN products p ON p.id = pc.product_id JOIN categories c ON c.id = pc.category_id`);
    const actual = new Set((links as unknown as { rows: { external_id: string; category: string }[] }).rows.map((r) => `${r.external_id}|${r.category}`));
    const expected = new Set(rows.map((r) => `${r.item_id}|${r.category}`));
    expect(actual).toEqual(expected);

    const primaries = await db.select({ externalId: products.externalId, category: categories.name }).from(products).innerJoin(categories, eq(categories.id, products.categoryId));
    expect(primaries).toHaveLength(2962);
    for (const p of primaries) expect(p.category).toBe(byItem.get(p.externalId!)![0].category);
  });

  test('the 17 IKEA categories are subcategories, each under exactly one of 7 rooms, all with slugs', async () => {
    const all = await db.select().from(categories);
    const rooms = all.filter((c) => c.parentId === null);
    const subs = all.filter((c) => c.parentId !== null);
    expect(rooms.map((r) => r.name).sort()).toEqual(ROOMS.map((r) => r.name).sort());
    expect(subs.map((s) => s.name).sort()).toEqual([...new Set(rows.map((r) => r.category))].sort());
    for (const s of subs) expect(rooms.some((r) => r.id === s.parentId)).toBe(true);
    for (const c of all) expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(all.map((c) => c.slug)).size).toBe(all.length);
    expect(report.rooms).toBe(7);
    expect(report.subcategories).toBe(17);
  });

  test('prices are converted from SAR at 0.44 NZD into integer cents', async () => {
    const all = await db.select({ externalId: products.externalId, price: products.price }).from(products);
    for (const p of all) expect(p.price).toBe(Math.round(Number(byItem.get(p.externalId!)![0].price) * 44));
    const [frekvens] = await db.select().from(products).where(eq(products.externalId, '90420332'));
    expect(frekvens.price).toBe(11660); // SR 265 → NZ$116.60
  });

  test('every item with an old price has one promotion at the converted old price, grouped into room campaigns', async () => {
    const withOld = [...byItem.values()].filter((r) => oldSar(r[0].old_price) !== null);
    const promos = await db.select({ externalId: products.externalId, originalPrice: promotions.originalPrice, name: promotions.name, price: products.price }).from(promotions).innerJoin(products, eq(products.id, promotions.productId));
    expect(promos).toHaveLength(withOld.length);
    expect(report.promotions).toBe(withOld.length);
    for (const p of promos) {
      const row = byItem.get(p.externalId!)![0];
      expect(p.originalPrice).toBe(Math.round(oldSar(row.old_price)! * 44));
      expect(p.originalPrice).toBeGreaterThan(p.price);
      expect(p.name).toMatch(/ sale$/);
    }
    expect(new Set(promos.map((p) => p.name))).toEqual(new Set(ROOMS.map((r) => `${r.name} sale`)));
    // "SR 2,375" with a thousands comma.
    const comma = withOld.find((r) => r[0].old_price.includes(','))!;
    expect(promos.find((p) => p.externalId === comma[0].item_id)!.originalPrice).toBe(Math.round(Number(comma[0].old_price.replace(/[^\d]/g, '')) * 44));
  });

  test('pack prices: the product is sold as the pack and its size says so', async () => {
    const packs = [...byItem.values()].filter((r) => r[0].old_price.includes('pack'));
    expect(report.packPrices).toBe(packs.length);
    expect(packs.length).toBeGreaterThan(0);
    for (const [row] of packs) {
      const [p] = await db.select().from(products).where(eq(products.externalId, row.item_id));
      const packOf = row.old_price.match(/\/(\d+) pack/)![1];
      expect(p.size).toContain(`pack of ${packOf}`);
      expect(p.price).toBe(Math.round(Number(row.price) * 44));
    }
  });

  test('SKUs are unique, in IKEA form, and keep the "S" of sets', async () => {
    const all = await db.select({ sku: products.sku, externalId: products.externalId, sourceUrl: products.sourceUrl }).from(products);
    expect(new Set(all.map((p) => p.sku)).size).toBe(all.length);
    for (const p of all) {
      expect(p.sku).toMatch(/^S?\d{3}\.\d{3}\.\d{2}$/);
      expect(p.sku.startsWith('S')).toBe(/-s\d{8}\/?$/.test(p.sourceUrl!));
      expect(p.sku.replace(/\D/g, '')).toBe(p.externalId!.padStart(8, '0'));
    }
  });

  test('one IKEA brand and one supplier own every product', async () => {
    const b = await db.select().from(brands);
    const s = await db.select().from(suppliers);
    expect(b.map((x) => x.name)).toEqual(['IKEA']);
    expect(s).toHaveLength(1);
    const [{ n }] = await db.select({ n: count() }).from(products).where(sql`${products.brandId} = ${b[0].id} AND ${products.supplierId} = ${s[0].id}`);
    expect(n).toBe(2962);
  });

  test('stock: in-store-only items have none; the rest spread with some out of stock and some low', async () => {
    const all = await db.select({ stock: products.stock, sellableOnline: products.sellableOnline }).from(products);
    expect(all.filter((p) => !p.sellableOnline).every((p) => p.stock === 0)).toBe(true);
    expect(all.filter((p) => !p.sellableOnline)).toHaveLength(new Set(rows.filter((r) => r.sellable_online === 'False').map((r) => r.item_id)).size);
    const out = all.filter((p) => p.stock === 0).length;
    const low = all.filter((p) => p.stock > 0 && p.stock <= 5).length;
    expect(out / all.length).toBeGreaterThan(0.03);
    expect(out / all.length).toBeLessThan(0.15);
    expect(low / all.length).toBeGreaterThan(0.05);
    expect(report.outOfStock).toBe(out);
    expect(report.lowStock).toBe(low);
  });

  test('24 featured products from at least 6 rooms; creation dates spread over the last 90 days', async () => {
    const featured = await db.execute(sql`
      SELECT p.id, coalesce(c.parent_id, c.id) AS room FROM products p JOIN categories c ON c.id = p.category_id WHERE p.featured`);
    const list = (featured as unknown as { rows: { room: number }[] }).rows;
    expect(list).toHaveLength(24);
    expect(new Set(list.map((r) => r.room)).size).toBeGreaterThanOrEqual(6);

    const [range] = (
      (await db.execute(sql`SELECT min(created_at) AS lo, max(created_at) AS hi, count(DISTINCT created_at::date)::int AS days FROM products`)) as unknown as {
        rows: { lo: Date; hi: Date; days: number }[];
      }
    ).rows;
    const now = Date.now();
    expect(now - new Date(range.lo).getTime()).toBeLessThanOrEqual(90 * 24 * 3600 * 1000 + 60_000);
    expect(new Date(range.hi).getTime()).toBeLessThanOrEqual(now);
    expect(range.days).toBeGreaterThan(60);
  });

  test('scraped designer text is dropped; the HILVER 700 cm height reads 70 cm', async () => {
    const scraped = rows.find((r) => /^\d{3}\.\d{3}\.\d{2} /.test(r.designer))!;
    const [p] = await db.select().from(products).where(eq(products.externalId, scraped.item_id));
    expect(p.designer).toBeNull();
    expect(p.description).not.toContain(scraped.designer.slice(0, 20));
    const hilver = rows.find((r) => r.height === '700')!;
    const [h] = await db.select().from(products).where(eq(products.externalId, hilver.item_id));
    expect(h.heightCm).toBe(70);
  });

  test('variant groups: products of one name (family + type) form a model sold in several colours or sizes', async () => {
    const res = await db.execute(sql`
      SELECT variant_group, count(*)::int AS n, count(DISTINCT coalesce(color, '') || '|' || coalesce(size, ''))::int AS looks
      FROM products WHERE variant_group IS NOT NULL GROUP BY variant_group`);
    const groups = (res as unknown as { rows: { variant_group: string; n: number; looks: number }[] }).rows;
    expect(groups.length).toBe(report.variantGroups);
    expect(groups.reduce((a, g) => a + g.n, 0)).toBe(report.productsInVariantGroups);
    expect(report.variantGroups).toBe(552);
    expect(report.productsInVariantGroups).toBe(1802);
    // Every group has two or more products whose names read the same (letters and digits); most differ in colour or size.
    expect(groups.every((g) => g.n >= 2)).toBe(true);
    const members = await db.select({ name: products.name, group: products.variantGroup }).from(products).where(sql`${products.variantGroup} IS NOT NULL`);
    expect(members.filter((m) => variantKey(m.name) !== m.group)).toEqual([]);
    expect(groups.filter((g) => g.looks > 1).length).toBeGreaterThan(groups.length * 0.8);
    // No product whose name is shared by another is left out of a group.
    const loose = await db.execute(sql`SELECT count(*)::int AS n FROM products p WHERE p.variant_group IS NULL AND EXISTS (SELECT 1 FROM products q WHERE q.id <> p.id AND q.name = p.name)`);
    expect((loose as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    const kivik = await db.select({ color: products.color, group: products.variantGroup }).from(products).where(eq(products.name, 'KIVIK 3-seat sofa'));
    expect(kivik.length).toBeGreaterThanOrEqual(2);
    expect(new Set(kivik.map((k) => k.group))).toEqual(new Set(['kivik-3-seat-sofa']));
    expect(new Set(kivik.map((k) => k.color)).size).toBe(kivik.length);
  });

  test('the KIVIK 3-seat sofa with empty width and depth columns gets its real measurements and is bulky', async () => {
    // The skiftebo cover's row leaves width and depth empty; the same sofa (with chaise longue) in
    // grann/bomstad measures 280 × 83 × 163 cm.
    const row = rows.find((r) => r.item_id === '19305567')!;
    expect([row.name, row.width, row.height, row.depth]).toEqual(['KIVIK', '', '83', '']);
    const [sofa] = await db.select().from(products).where(eq(products.externalId, '19305567'));
    expect(sofa.name).toBe('KIVIK 3-seat sofa');
    expect({ w: sofa.widthCm, h: sofa.heightCm, d: sofa.depthCm }).toEqual({ w: 280, h: 83, d: 163 });
    expect(sofa.shippingClass).toBe('bulky');
    expect(sofa.description).toContain('Width 280 cm, depth 163 cm, height 83 cm.');
    // No size anywhere in its row or its variants': a sofa is bulky by its kind.
    const [twoSeat] = await db.select().from(products).where(eq(products.externalId, '19305572'));
    expect([twoSeat.name, twoSeat.widthCm, twoSeat.heightCm, twoSeat.depthCm]).toEqual(['KIVIK 2-seat sofa', null, null, null]);
    expect(twoSeat.shippingClass).toBe('bulky');
    // Its cover stays a parcel.
    const [cover] = await db.select().from(products).where(eq(products.externalId, '60348917'));
    expect(cover.shippingClass).toBe('parcel');
  });

  test('sides missing from the columns are read from the size text; no product claims colours it is not sold in', async () => {
    const byId = async (id: string) => (await db.select().from(products).where(eq(products.externalId, id)))[0];
    // STUVA loft bed "207x99x182 cm": only the height column is filled.
    const stuva = rows.find((r) => r.short_description.includes('207x99x182') && !r.width && !r.depth)!;
    expect(await byId(stuva.item_id)).toMatchObject({ widthCm: 207, depthCm: 99, heightCm: 182, shippingClass: 'bulky' });
    // MELLTORP table "125x75 cm": the width column holds the 75, so the 125 is the other side.
    const melltorp = rows.find((r) => r.name === 'MELLTORP' && r.short_description.includes('125x75') && r.width === '75' && !r.depth)!;
    expect(await byId(melltorp.item_id)).toMatchObject({ widthCm: 75, depthCm: 125, heightCm: 74, shippingClass: 'bulky' });
    expect(report.dimensionsFromText).toBeGreaterThan(500);
    expect(report.dimensionsFromVariants).toBeGreaterThan(0);
    // Every product with all three sides is classed by them; the rest by their kind where they are unclear.
    const all = await db.select({ name: products.name, w: products.widthCm, h: products.heightCm, d: products.depthCm, cls: products.shippingClass, description: products.description }).from(products);
    for (const p of all) expect(p.cls).toBe(shippingClassFor({ widthCm: p.w, heightCm: p.h, depthCm: p.d, name: p.name }));
    const sofas = all.filter((p) => / (?:\d-seat |three-seat |two-seat |corner |u-shaped )?sofa$/i.test(p.name) && !/\b(?:cover|legs|cushion)\b/i.test(p.name));
    expect(sofas.length).toBeGreaterThan(50);
    expect(sofas.filter((p) => p.cls !== 'bulky').map((p) => p.name)).toEqual([]);
    expect(all.filter((p) => p.description?.includes('other colours'))).toEqual([]);
  });

  test('seedIfEmpty does not import twice and seeds the settings', async () => {
    await seedIfEmpty({ demoUsers: false });
    const [{ n }] = await db.select({ n: count() }).from(products);
    expect(n).toBe(2962);
    const [{ s }] = await db.select({ s: count() }).from(settings);
    expect(s).toBeGreaterThan(0);
  });
});

describe('catalogue import — derivation rules', () => {
  test('old price formats', () => {
    expect(parseOldPrice('No old price')).toBeNull();
    expect(parseOldPrice('SR 995')).toEqual({ sar: 995, packOf: null });
    expect(parseOldPrice('SR 2,375')).toEqual({ sar: 2375, packOf: null });
    expect(parseOldPrice('SR 50/4 pack')).toEqual({ sar: 50, packOf: 4 });
    expect(() => parseOldPrice('about fifty')).toThrow();
    expect(sarToNzdCents(1785.5)).toBe(78562);
    expect(sarToNzdCents(3)).toBe(132);
  });

  test('short description splits into type and size', () => {
    expect(parseShortDescription('        Bar table, in/outdoor,          51x51 cm')).toEqual({ type: 'Bar table, in/outdoor', size: '51x51 cm' });
    expect(parseShortDescription('        Bar table and 4 bar stools')).toEqual({ type: 'Bar table and 4 bar stools', size: null });
  });

  test('SKU and finish words from the link; colour from the slug', () => {
    const link = parseLink('https://www.ikea.com/sa/en/p/ingolf-bar-stool-with-backrest-foldable-white-white-70404875/');
    expect(skuFor(link.article, link.isSet)).toBe('704.048.75');
    const set = parseLink('https://www.ikea.com/sa/en/p/nordviken-nordviken-bar-table-and-4-bar-stools-black-black-s09333523/');
    expect(skuFor(set.article, set.isSet)).toBe('S093.335.23');
    const finish = finishWords(link.words, 'INGOLF', 'Bar stool with backrest, foldable');
    expect(finish).toEqual(['white', 'white']);
    expect(deriveColour(finish, [])).toBe('White');
    expect(deriveColour(['black', 'brown', 'glass'], ['Glass'])).toBe('Black-brown');
    expect(deriveColour(['white', 'light', 'grey'], [])).toBe('White/light grey');
    expect(deriveColour([], ['Solid pine'])).toBe('Pine');
  });

  test('materials, style, function and mobility', () => {
    expect(deriveMaterials(['white', 'stained', 'oak', 'veneer'], 'Chest of 3 drawers')).toEqual(['Oak veneer']);
    expect(deriveMaterials(['grey', 'stained', 'walnut', 'effect'], 'TV bench')).toEqual(['Wood effect']);
    expect(deriveMaterials(['aluminium', 'rattan'], 'Bed frame')).toEqual(['Aluminium', 'Rattan']);
    expect(deriveStyle(['Aluminium', 'Rattan'], 'Black', false)).toBe('Rattan & wicker');
    expect(deriveStyle(['Solid pine'], 'Pine', false)).toBe('Natural wood');
    expect(deriveStyle(['Chrome-plated steel'], 'White', false)).toBe('Metal & industrial');
    expect(deriveStyle([], 'White', true)).toBe('Upholstered');
    expect(deriveStyle(['Leather'], 'Black', false)).toBe('Upholstered');
    expect(deriveStyle([], 'White', false)).toBe('Modern & painted');
    expect(deriveStyle([], null, false)).toBeNull();
    expect(deriveFunction('3-seat sofa', 'Sofas & armchairs')).toBe('Seating');
    expect(deriveFunction('Cover for 3-seat sofa', 'Sofas & armchairs')).toBe('Covers & cushions');
    expect(deriveFunction('Table and 4 chairs', 'Chairs')).toBe('Table & chair sets');
    expect(deriveFunction('Bed frame with storage', 'Beds')).toBe('Sleeping');
    expect(deriveFunction('TV bench', 'TV & media furniture')).toBe('TV & media');
    expect(deriveFunction('Knob', 'Cabinets & cupboards')).toBe('Parts & fittings');
    expect(deriveFunction('Footstool', 'Sofas & armchairs')).toBe('Seating');
    expect(deriveMobility('Drawer unit on castors', [], 'Storage')).toBe('On castors');
    expect(deriveMobility('Bar stool with backrest, foldable', [], 'Seating')).toBe('Foldable');
    expect(deriveMobility('Wall-mounted cabinet combination', [], 'Storage')).toBe('Wall-mounted');
    expect(deriveMobility('Chair', ['chair', 'white'], 'Seating')).toBe('Freestanding');
    expect(deriveMobility('Knob', [], 'Parts & fittings')).toBeNull();
  });

  test('sizes in the text fill the empty sides; a piece without a size is classed by its kind', () => {
    expect(sizeSides('207x99x182 cm')).toEqual([207, 99, 182]);
    expect(sizeSides('130/190x80 cm')).toEqual([190, 80]);
    expect(sizeSides('180x27x74-140 cm')).toEqual([180, 27, 140]);
    expect(sizeSides('160x80 55 cm')).toEqual([160, 80]);
    expect(sizeSides('77x28 cm 2 pack')).toEqual([77, 28]);
    expect(sizeSides('74 cm')).toBeNull();
    expect(sizeSides('21 mm')).toBeNull();
    expect(sizeSides('37-55 "')).toBeNull();
    expect(sizeSides(null)).toBeNull();
    const none = { widthCm: null, heightCm: null, depthCm: null };
    expect(fillFromSize(none, '90x200 cm', 'Bed frame', 'Sleeping')).toEqual({ widthCm: 90, heightCm: null, depthCm: 200, filled: 2 });
    expect(fillFromSize(none, '80x202 cm', 'Bookcase', 'Shelving & display')).toEqual({ widthCm: 80, heightCm: 202, depthCm: null, filled: 2 });
    expect(fillFromSize({ widthCm: 94, heightCm: null, depthCm: null }, '90x200 cm', 'Bed frame', 'Sleeping')).toMatchObject({ widthCm: 94, depthCm: 200, filled: 1 });
    expect(fillFromSize({ widthCm: 60, heightCm: null, depthCm: null }, '200x60 cm', 'Table top', 'Parts & fittings')).toMatchObject({ widthCm: 60, heightCm: null, depthCm: 200 });
    expect(fillFromSize(none, '80x200 cm', 'Cover for day-bed', 'Covers & cushions').filled).toBe(0);
    expect(buildKey(['kivik', '3', 'seat', 'sofa', 'with', 'chaise', 'longue', 'skiftebo', 'dark', 'grey'])).toBe('chaise');
    expect(buildKey(['kivik', '3', 'seat', 'sofa', 'skiftebo', 'dark', 'grey'])).toBe('');

    expect(shippingClassFor({ ...none, name: 'Aroha 3-seat sofa' })).toBe('bulky');
    expect(shippingClassFor({ widthCm: null, heightCm: 83, depthCm: null, name: 'KIVIK 3-seat sofa' })).toBe('bulky');
    expect(shippingClassFor({ ...none, name: 'KIVIK Cover for 3-seat sofa' })).toBe('parcel');
    expect(shippingClassFor({ ...none, name: 'Table lamp' })).toBe('parcel');
    expect(shippingClassFor({ widthCm: 60, heightCm: 40, depthCm: 50, name: "Children's sofa" })).toBe('parcel');
    expect(shippingClassFor({ widthCm: 200, heightCm: null, depthCm: null, name: 'Shelf' })).toBe('bulky');
    for (const bulky of ['MALM Bed frame, high', 'PAX Wardrobe with sliding doors', 'EKEDALEN Table and 6 chairs', 'TÄRNÖ Table+2 chairs, outdoor', 'KIVIK Chaise longue', 'MALM Chest of 6 drawers', 'Dining set for four'])
      expect(isBulkyKind(bulky), bulky).toBe(true);
    for (const parcel of ['KURA Bed tent with curtain', 'HEMNES Bedside table', 'KIVIK Cover three-seat sofa', 'SULTAN Supporting leg', 'LACK Nest of tables, set of 2', 'VITVAL Underbed', 'Sofa cushion'])
      expect(isBulkyKind(parcel), parcel).toBe(false);
  });

  test('designer, dimensions, description and stock', () => {
    expect(cleanDesigner('IKEA of Sweden/Ehlén Johansson')).toBe('IKEA of Sweden and Ehlén Johansson');
    expect(cleanDesigner('504.689.53 Small and easy-to-place chair-bed')).toBeNull();
    expect(parseDimensions({ width: '', height: '700', depth: '' }, '70 cm')).toMatchObject({ heightCm: 70, fixed: 1 });
    expect(parseDimensions({ width: '420', height: '321', depth: '' }, '175-205x42x321 cm')).toMatchObject({ widthCm: 420, heightCm: 321, fixed: 0 });
    expect(
      buildDescription({ type: 'Bar table', size: '140x80 cm', designer: 'Francis Cayouette', dims: { widthCm: 80, heightCm: 105, depthCm: null }, colour: 'Black', material: null, packOf: null, isSet: false }),
    ).toBe('Bar table, 140x80 cm. Designed by Francis Cayouette. Width 80 cm, height 105 cm. Colour: black.');
    expect(stockFor('12345', false)).toBe(0);
    expect(stockFor('12345', true)).toBe(stockFor('12345', true));
  });
});
