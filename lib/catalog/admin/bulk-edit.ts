/**
 * Bulk edit of Product Management (docs/back-office.md "Bulk edit"): one change applied to many
 * products in one transaction, previewed first, recorded so that it can be undone as a whole.
 *
 * Rules:
 *   - the selection is the ids ticked, or every live product the list's filter matches, read with
 *     the list's own parser and WHERE (parseProductQuery, listWhere), so "all N matching" is the N
 *     the list counted; the apply carries the preview's count and is refused (409) when the filter
 *     now matches another number;
 *   - prices move by a percentage or an amount in cents, rounded half away from zero to the cent;
 *     a result of $0.00 or less is refused (400 naming the product) and nothing changes — a
 *     product is never given away by a slip (lib/catalog/admin/product-schema.ts);
 *   - the compare-at ("was") price is a promotion (docs/catalogue.md "Sale page"): setting it ends
 *     the product's running promotions and starts one at that price, which must be above the new
 *     price (else it would not show); clearing it ends them;
 *   - products.write always, prices.write for a price or compare-at change (403 otherwise);
 *   - every product changed gets an audit row `product.bulk_update`, the edit one
 *     `product_bulk_edit.apply`; Undo writes `product.bulk_undo` and `product_bulk_edit.undo`.
 */
import 'server-only';
import { and, desc, eq, inArray, isNull, lte, or, gt, sql, type SQL } from 'drizzle-orm';
import { db, type Tx } from '@/db/client';
import { brands, cartItems, categories, productBulkEdits, productCategories, products, promotions, type BulkEditItem, type BulkEditValues } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit, recordAuditMany } from '@/lib/audit/record';
import { invalidateCatalogueProducts } from '@/lib/catalog/read/cache';
import { groupsOf } from '@/lib/catalog/read/queries';
import { listWhere } from '@/lib/catalog/read/listing-sql';
import { buildConditions, normaliseParams } from '@/lib/catalog/search/search';
import { parseProductQuery } from '@/lib/catalog/query-schema';
import type { BulkEditJson, BulkUndoJson, BulkValuesJson } from '@/lib/catalog/contracts';
import type { ProductUpdateHooks } from '@/lib/catalog/admin/product-service';
import { PREVIEW_ROWS, type BulkChanges, type BulkEditInput, type BulkSelection } from '@/lib/catalog/admin/bulk-edit-schema';
import { badRequest, conflict, notFound } from '@/lib/server/errors';
import { toCents, toDecimal } from '@/lib/money';

/** Name of the promotion a compare-at price starts when none is given. */
export const DEFAULT_CAMPAIGN = 'Sale';

type Row = {
  id: number;
  name: string;
  sku: string;
  price: number;
  categoryId: number | null;
  brandId: number | null;
  featured: boolean;
  shippingClass: NonNullable<BulkEditValues['shippingClass']>;
  archivedAt: Date | null;
};

/** A product's planned change: its values before and after, and the compare-at before and after (cents; null = none). */
type Plan = { row: Row; before: BulkEditValues; after: BulkEditValues; compareBefore: number | null; compareAfter: number | null };

const label = (p: { name: string; sku: string }) => `“${p.name}” (${p.sku})`;

/**
 * `cents` moved by `percent` (two decimals at most), rounded half away from zero to the cent, in
 * whole numbers so that no binary fraction decides a half cent: 1995 at −10 % → 1796 (1795.5),
 * 1999 at −12.5 % → 1749 (1749.125).
 */
export function byPercent(cents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  const exact = cents * (10000 + basisPoints); // the new price in 1/10 000 cents
  return Math.sign(exact) * Math.floor((Math.abs(exact) + 5000) / 10000);
}

/** The new price in cents of one product for `changes.price` (unchanged without one). */
function newPrice(cents: number, change: BulkChanges['price']): number {
  if (!change) return cents;
  return change.by === 'percent' ? byPercent(cents, change.value) : cents + toCents(change.value);
}

const selectRow = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  price: products.price,
  categoryId: products.categoryId,
  brandId: products.brandId,
  featured: products.featured,
  shippingClass: products.shippingClass,
  archivedAt: products.archivedAt,
};

/**
 * The WHERE of a filter selection: the list's own (parseProductQuery, listWhere), with the search's
 * synonyms read before the transaction (a read of its own). @throws 400 a filter the list refuses
 */
async function filterWhere(selection: BulkSelection): Promise<SQL | null> {
  if (!('filter' in selection)) return null;
  const params = parseProductQuery(selection.filter);
  return listWhere(buildConditions(normaliseParams(params, await groupsOf(params))));
}

/**
 * The products a selection names, newest first (the table's order), locked for the apply.
 * @throws 400 a filter the list would refuse, or nothing selected; 409 ticked products that are gone
 *   or archived, or a filter that now matches another number than the preview counted
 */
async function selectProducts(tx: Tx, selection: BulkSelection, filter: SQL | null, lock: boolean, preview: boolean): Promise<Row[]> {
  const where = 'ids' in selection || !filter ? and(inArray(products.id, [...new Set('ids' in selection ? selection.ids : [])]), isNull(products.archivedAt)) : filter;
  const query = tx.select(selectRow).from(products).where(where).orderBy(desc(products.createdAt), desc(products.id));
  const rows = (lock ? await query.for('update') : await query) as Row[];
  if ('ids' in selection) {
    const missing = new Set(selection.ids).size - rows.length;
    if (missing > 0) throw conflict(`${missing} of the selected products no longer exist or were archived. Reload the list and select again.`);
  } else if (!preview) {
    if (selection.expected_count === undefined) throw badRequest('expected_count is required to apply to a filter: send the count the preview showed.', { field: 'expected_count' });
    if (rows.length !== selection.expected_count) {
      throw conflict(`The filter now matches ${rows.length} products, not the ${selection.expected_count} previewed. Preview again before applying.`);
    }
  }
  if (rows.length === 0) throw badRequest('No products match this selection.');
  return rows;
}

/** The compare-at price each product shows now (its latest active promotion's original price, cents). */
async function compareAtPrices(tx: Tx, rows: Row[]): Promise<Map<number, number>> {
  const ids = rows.map((r) => r.id);
  const found = await tx
    .select({ productId: promotions.productId, originalPrice: promotions.originalPrice })
    .from(promotions)
    .innerJoin(products, eq(products.id, promotions.productId))
    .where(and(inArray(promotions.productId, ids), lte(promotions.startsAt, sql`now()`), or(isNull(promotions.endsAt), gt(promotions.endsAt, sql`now()`)), gt(promotions.originalPrice, products.price)))
    .orderBy(desc(promotions.startsAt), desc(promotions.id));
  const out = new Map<number, number>();
  for (const f of found) if (!out.has(f.productId)) out.set(f.productId, f.originalPrice);
  return out;
}

/** Each product's before and after. @throws 400 a price at or below $0.00, a compare-at not above the new price */
function plan(rows: Row[], changes: BulkChanges, compare: Map<number, number>): Plan[] {
  return rows.map((row) => {
    const before: BulkEditValues = {};
    const after: BulkEditValues = {};
    const set = <K extends keyof BulkEditValues>(key: K, from: BulkEditValues[K], to: BulkEditValues[K]) => {
      before[key] = from;
      after[key] = to;
    };
    const price = newPrice(row.price, changes.price);
    if (changes.price) {
      if (price <= 0) {
        const shown = price < 0 ? `−$${toDecimal(-price).toFixed(2)}, below $0.00` : '$0.00';
        throw badRequest(`The new price of ${label(row)} would be ${shown}; nothing was changed.`);
      }
      set('price', row.price, price);
    }
    if (changes.category_id !== undefined) set('categoryId', row.categoryId, changes.category_id);
    if (changes.brand_id !== undefined) set('brandId', row.brandId, changes.brand_id);
    if (changes.featured !== undefined) set('featured', row.featured, changes.featured);
    if (changes.shipping_class !== undefined) set('shippingClass', row.shippingClass, changes.shipping_class);
    if (changes.archive) {
      set('archived', false, true);
      // Archiving takes a product off the featured shelf (as deleting one does).
      if (changes.featured === undefined) set('featured', row.featured, false);
    }
    const compareBefore = compare.get(row.id) ?? null;
    let compareAfter = compareBefore;
    if (changes.compare_at) {
      compareAfter = 'clear' in changes.compare_at ? null : changes.compare_at.set === 'previous_price' ? row.price : toCents(changes.compare_at.set);
      if (compareAfter !== null && compareAfter <= price) {
        throw badRequest(`The compare-at price of ${label(row)} ($${toDecimal(compareAfter).toFixed(2)}) must be above its new price ($${toDecimal(price).toFixed(2)}); nothing was changed.`);
      }
    }
    return { row, before, after, compareBefore, compareAfter };
  });
}

/** Values as the API shows them (dollars, snake_case). */
function valuesJson(v: BulkEditValues, compareAt: number | null | undefined): BulkValuesJson {
  const out: BulkValuesJson = {};
  if (v.price !== undefined) out.price = toDecimal(v.price);
  if (compareAt !== undefined) out.compare_at_price = compareAt === null ? null : toDecimal(compareAt);
  if (v.categoryId !== undefined) out.category_id = v.categoryId;
  if (v.brandId !== undefined) out.brand_id = v.brandId;
  if (v.featured !== undefined) out.featured = v.featured;
  if (v.shippingClass !== undefined) out.shipping_class = v.shippingClass;
  if (v.archived !== undefined) out.archived = v.archived;
  return out;
}

/** Audit snapshot of values (price and compare-at in cents, recorded in dollars). */
const auditValues = (v: BulkEditValues, compareAt: number | null | undefined) => ({ ...v, ...(compareAt !== undefined ? { compareAtPrice: compareAt } : {}) });
const AUDIT_CENTS = ['price', 'compareAtPrice'];

/** 400 when the category or brand to set does not exist. */
async function checkReferences(tx: Tx, changes: BulkChanges) {
  if (changes.category_id !== undefined) {
    const [c] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, changes.category_id)).limit(1);
    if (!c) throw badRequest('That category does not exist.', { field: 'category_id' });
  }
  if (changes.brand_id) {
    const [b] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, changes.brand_id)).limit(1);
    if (!b) throw badRequest('That brand does not exist.', { field: 'brand_id' });
  }
}

/** Writes a product's values (the columns they stand for). */
async function writeValues(tx: Tx, id: number, v: BulkEditValues) {
  const set: Partial<typeof products.$inferInsert> = { updatedAt: new Date() };
  if (v.price !== undefined) set.price = v.price;
  if (v.categoryId !== undefined) set.categoryId = v.categoryId;
  if (v.brandId !== undefined) set.brandId = v.brandId;
  if (v.featured !== undefined) set.featured = v.featured;
  if (v.shippingClass !== undefined) set.shippingClass = v.shippingClass;
  if (v.archived !== undefined) set.archivedAt = v.archived ? new Date() : null;
  await tx.update(products).set(set).where(eq(products.id, id));
}

/** Moves the product's primary-category link from `from` to `to`; returns what it removed and added. */
async function moveCategoryLink(tx: Tx, productId: number, from: number | null, to: number | null): Promise<{ removed: number | null; added: number | null }> {
  if (from === to) return { removed: null, added: null };
  let removed: number | null = null;
  if (from) {
    const gone = await tx.delete(productCategories).where(and(eq(productCategories.productId, productId), eq(productCategories.categoryId, from))).returning();
    if (gone.length) removed = from;
  }
  let added: number | null = null;
  if (to) {
    const made = await tx.insert(productCategories).values({ productId, categoryId: to }).onConflictDoNothing().returning();
    if (made.length) added = to;
  }
  return { removed, added };
}

const productTarget = (p: { id: number; name: string; sku: string }) => ({ type: 'product', id: p.id, label: `${p.name} (${p.sku})` });

/** A short description of the changes, for the audit label and the notes. */
function describe(changes: BulkChanges): string {
  const parts: string[] = [];
  if (changes.price) parts.push(changes.price.by === 'percent' ? `price ${changes.price.value > 0 ? '+' : ''}${changes.price.value} %` : `price ${changes.price.value >= 0 ? '+' : '−'}$${Math.abs(changes.price.value).toFixed(2)}`);
  if (changes.compare_at) parts.push('clear' in changes.compare_at ? 'compare-at cleared' : 'compare-at set');
  if (changes.category_id !== undefined) parts.push('category');
  if (changes.brand_id !== undefined) parts.push('brand');
  if (changes.featured !== undefined) parts.push(changes.featured ? 'featured' : 'not featured');
  if (changes.shipping_class !== undefined) parts.push(`shipping ${changes.shipping_class}`);
  if (changes.archive) parts.push('archived');
  return parts.join(', ');
}

/**
 * Previews or applies a bulk edit (POST /api/products/bulk-edits).
 * @param input selection, changes, preview flag and the compare-at's campaign (bulk-edit-schema.ts)
 * @param hooks `onPriceChange` per product whose price changed, in the transaction (the saved
 *   items' price-drop e-mails, as the single update)
 * @returns `{ bulk_edit_id (null for a preview), preview, count, rows }`: the number of products
 *   and the first PREVIEW_ROWS of them with their values before → after (dollars)
 * @throws 403 without products.write (or prices.write for a price or compare-at change); 400 a bad
 *   filter, an unknown category or brand, no product selected, a price at or below $0.00 or a
 *   compare-at not above the new price (naming the product; nothing changed); 409 ticked products
 *   gone, or the filter matching another count than the preview's
 */
export async function bulkEditProducts(actor: SessionUser, input: BulkEditInput, hooks: ProductUpdateHooks = {}): Promise<BulkEditJson> {
  authorize(actor, 'products.write');
  const { changes } = input;
  if (changes.price || changes.compare_at) authorize(actor, 'prices.write');
  const preview = input.preview === true;
  const filter = await filterWhere(input.selection);
  const result = await db.transaction(async (tx) => {
    await checkReferences(tx, changes);
    const rows = await selectProducts(tx, input.selection, filter, !preview, preview);
    const compare = await compareAtPrices(tx, rows);
    const plans = plan(rows, changes, compare);
    const shown = plans.slice(0, PREVIEW_ROWS).map((p) => ({
      product_id: p.row.id,
      name: p.row.name,
      sku: p.row.sku,
      before: valuesJson(p.before, changes.compare_at ? p.compareBefore : undefined),
      after: valuesJson(p.after, changes.compare_at ? p.compareAfter : undefined),
    }));
    if (preview) return { bulk_edit_id: null, preview: true, count: plans.length, rows: shown, ids: [] };

    const items: BulkEditItem[] = [];
    for (const p of plans) {
      await writeValues(tx, p.row.id, p.after);
      const item: BulkEditItem = { productId: p.row.id, before: p.before, after: p.after };
      if (p.after.price !== undefined && p.after.price !== p.row.price) await hooks.onPriceChange?.(tx, { productId: p.row.id, from: p.row.price, to: p.after.price });
      if (p.after.categoryId !== undefined) item.links = await moveCategoryLink(tx, p.row.id, p.row.categoryId, p.after.categoryId);
      if (p.after.archived) await tx.delete(cartItems).where(eq(cartItems.productId, p.row.id));
      if (changes.compare_at) item.promotions = await replacePromotions(tx, p.row.id, p.compareAfter, input.campaign ?? DEFAULT_CAMPAIGN);
      items.push(item);
    }
    const [edit] = await tx
      .insert(productBulkEdits)
      .values({ actorId: actor.id, changes: { ...changes, ...(input.campaign ? { campaign: input.campaign } : {}) }, selection: input.selection, productCount: plans.length, items })
      .returning({ id: productBulkEdits.id });
    await recordAudit(tx, actor, {
      action: 'product_bulk_edit.apply',
      target: { type: 'product_bulk_edit', id: edit.id, label: `${plans.length} products: ${describe(changes)}` },
      after: { products: plans.length, changes, selection: input.selection },
    });
    await recordAuditMany(
      tx,
      actor,
      plans.map((p) => {
        const compareKey = changes.compare_at ? { before: p.compareBefore, after: p.compareAfter } : { before: undefined, after: undefined };
        return { action: 'product.bulk_update', target: productTarget(p.row), before: auditValues(p.before, compareKey.before), after: auditValues(p.after, compareKey.after), cents: AUDIT_CENTS };
      }),
    );
    return { bulk_edit_id: edit.id, preview: false, count: plans.length, rows: shown, ids: plans.map((p) => p.row.id) };
  });
  invalidateCatalogueProducts(result.ids);
  return { bulk_edit_id: result.bulk_edit_id, preview: result.preview, count: result.count, rows: result.rows };
}

/**
 * Ends the product's running promotions and, for a compare-at price, starts one at it.
 * @returns the promotions ended (with their former ends_at) and the one started, for Undo
 */
async function replacePromotions(tx: Tx, productId: number, compareAt: number | null, campaign: string): Promise<NonNullable<BulkEditItem['promotions']>> {
  const running = await tx
    .select({ id: promotions.id, endsAt: promotions.endsAt })
    .from(promotions)
    .where(and(eq(promotions.productId, productId), lte(promotions.startsAt, sql`now()`), or(isNull(promotions.endsAt), gt(promotions.endsAt, sql`now()`))));
  if (running.length) await tx.update(promotions).set({ endsAt: sql`now()` }).where(inArray(promotions.id, running.map((r) => r.id)));
  let started: number | null = null;
  if (compareAt !== null) {
    const [made] = await tx.insert(promotions).values({ productId, name: campaign, originalPrice: compareAt, startsAt: sql`now()` }).returning({ id: promotions.id });
    started = made.id;
  }
  return { ended: running.map((r) => ({ id: r.id, endsAt: r.endsAt ? r.endsAt.toISOString() : null })), started };
}

/** Whether a product's current values are still the ones a bulk edit left. */
function unchangedSince(row: Row, after: BulkEditValues): boolean {
  if (after.archived === undefined && row.archivedAt !== null) return false;
  if (after.price !== undefined && row.price !== after.price) return false;
  if (after.categoryId !== undefined && row.categoryId !== after.categoryId) return false;
  if (after.brandId !== undefined && row.brandId !== after.brandId) return false;
  if (after.featured !== undefined && row.featured !== after.featured) return false;
  if (after.shippingClass !== undefined && row.shippingClass !== after.shippingClass) return false;
  if (after.archived !== undefined && (row.archivedAt !== null) !== after.archived) return false;
  return true;
}

/**
 * Undoes a bulk edit (POST /api/products/bulk-edits/{id}/undo): puts every product's values back
 * as they were before it, in one transaction. The rule: only while none of those products changed
 * since (the values the edit left, and the promotion it started still running) and only once.
 * @returns `{ bulk_edit_id, count, message }`
 * @throws 403 without products.write (or prices.write when it changed prices or compare-at
 *   prices); 404 unknown bulk edit; 409 already undone, or a product changed or deleted since (named)
 */
export async function undoBulkEdit(actor: SessionUser, id: number, hooks: ProductUpdateHooks = {}): Promise<BulkUndoJson> {
  authorize(actor, 'products.write');
  const ids = await db.transaction(async (tx) => {
    const [edit] = await tx.select().from(productBulkEdits).where(eq(productBulkEdits.id, id)).for('update');
    if (!edit) throw notFound('Bulk edit not found.');
    if (edit.undoneAt) throw conflict('This bulk edit was already undone.');
    if (edit.items.some((i) => i.after.price !== undefined || i.promotions)) authorize(actor, 'prices.write');
    const productIds = edit.items.map((i) => i.productId);
    const rows = (await tx.select(selectRow).from(products).where(inArray(products.id, productIds)).for('update')) as Row[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const started = edit.items.flatMap((i) => (i.promotions?.started ? [i.promotions.started] : []));
    const running = new Set(
      started.length ? (await tx.select({ id: promotions.id }).from(promotions).where(and(inArray(promotions.id, started), isNull(promotions.endsAt)))).map((p) => p.id) : [],
    );
    for (const item of edit.items) {
      const row = byId.get(item.productId);
      if (!row) throw conflict(`A product of this bulk edit (id ${item.productId}) was deleted since, so it cannot be undone; nothing was changed.`);
      const promotionKept = !item.promotions?.started || running.has(item.promotions.started);
      if (!unchangedSince(row, item.after) || !promotionKept) throw conflict(`${label(row)} has changed since this bulk edit, so it cannot be undone; nothing was changed.`);
    }
    for (const item of edit.items) {
      const row = byId.get(item.productId)!;
      await writeValues(tx, row.id, item.before);
      if (item.before.price !== undefined && item.before.price !== row.price) await hooks.onPriceChange?.(tx, { productId: row.id, from: row.price, to: item.before.price });
      if (item.links) {
        if (item.links.added) await tx.delete(productCategories).where(and(eq(productCategories.productId, row.id), eq(productCategories.categoryId, item.links.added)));
        if (item.links.removed) await tx.insert(productCategories).values({ productId: row.id, categoryId: item.links.removed }).onConflictDoNothing();
      }
      if (item.promotions) {
        if (item.promotions.started) await tx.delete(promotions).where(eq(promotions.id, item.promotions.started));
        for (const ended of item.promotions.ended) await tx.update(promotions).set({ endsAt: ended.endsAt ? new Date(ended.endsAt) : null }).where(eq(promotions.id, ended.id));
      }
    }
    await recordAuditMany(
      tx,
      actor,
      edit.items.map((item) => ({ action: 'product.bulk_undo', target: productTarget(byId.get(item.productId)!), before: auditValues(item.after, undefined), after: auditValues(item.before, undefined), cents: AUDIT_CENTS })),
    );
    await tx.update(productBulkEdits).set({ undoneAt: new Date(), undoneBy: actor.id }).where(eq(productBulkEdits.id, id));
    await recordAudit(tx, actor, { action: 'product_bulk_edit.undo', target: { type: 'product_bulk_edit', id, label: `${edit.productCount} products` }, before: { undone: false }, after: { undone: true } });
    return productIds;
  });
  invalidateCatalogueProducts(ids);
  return { bulk_edit_id: id, count: ids.length, message: `The bulk edit was undone: ${ids.length} ${ids.length === 1 ? 'product is' : 'products are'} back as before.` };
}
