/**
 * Product writes of the back office (spec §2 Product Management, §3 Product, §7 admin calls):
 * create, update (fields and images) and delete-or-archive. Every function takes the signed-in
 * user first and refuses anyone but an administrator before reading or writing anything
 * (authorize, lib/auth/permissions.ts).
 *
 * Money: inputs are decimal dollars (lib/catalog/admin/product-schema.ts), stored as integer cents.
 * Images: uploads are checked and re-encoded (lib/storage/images.ts) BEFORE anything is stored;
 * files are written to storage before the transaction and removed again if it fails; files of
 * removed images are deleted only after the transaction commits.
 */
import 'server-only';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { db, type Tx } from '@/db/client';
import { brands, cartItems, categories, orderItems, productCategories, productImages, products, suppliers, type NewProduct } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { pick } from '@/lib/audit/diff';
import { recordAudit } from '@/lib/audit/record';
import { invalidateCatalogue } from '@/lib/catalog/read/cache';
import { getProduct } from '@/lib/catalog/read/queries';
import type { ProductJson } from '@/lib/catalog/types';
import type { DeleteProductResult } from '@/lib/catalog/contracts';
import { AppError, badRequest, notFound } from '@/lib/server/errors';
import { toCents } from '@/lib/money';
import { shippingClassFor } from '@/db/shipping-class';
import { deleteStoredFiles, getStorage, type StoredFile } from '@/lib/storage';
import { normaliseFacetInput } from '@/lib/catalog/admin/facet-choices';
import { MAX_IMAGES_PER_REQUEST, processImageUpload, type ProcessedImage } from '@/lib/storage/images';
import { MIN_PRODUCT_IMAGE_PX, type ExistingImageRef, type ImageMeta, type ProductCreateInput, type ProductUpdateInput } from '@/lib/catalog/admin/product-schema';
import { setProductStock } from '@/lib/stock/admin';

/** Most images one product may have. */
export const MAX_IMAGES_PER_PRODUCT = 20;

/** New image files of a request and their optional per-file metadata (same order). */
export type ImageUploads = { files: (Blob & { name?: string })[]; meta?: ImageMeta[] };
/** Image changes of an update: the images to keep (undefined → keep all) and new files. */
export type ImageChanges = ImageUploads & { existing?: ExistingImageRef[] };

/** The product as shoppers and the API see it, read after the write (uncached: the write invalidated it). */
async function readBack(id: number): Promise<ProductJson> {
  const product = await getProduct(id);
  if (!product) throw notFound('Product not found.');
  return product;
}

// ── Shared steps ────────────────────────────────────────────────────────────────────────────

/** Checks and re-encodes every upload, each at least MIN_PRODUCT_IMAGE_PX square; throws (400/413) before anything is stored. */
async function prepareUploads(files: ImageUploads['files']): Promise<ProcessedImage[]> {
  if (files.length > MAX_IMAGES_PER_REQUEST) throw badRequest(`At most ${MAX_IMAGES_PER_REQUEST} images can be uploaded at once.`);
  const out: ProcessedImage[] = [];
  for (const f of files) out.push(await processImageUpload(f, { minPx: MIN_PRODUCT_IMAGE_PX }));
  return out;
}

/** Writes prepared images to storage; on a failure removes the ones already written. */
async function storeUploads(images: ProcessedImage[]): Promise<StoredFile[]> {
  if (images.length === 0) return [];
  const storage = getStorage();
  const stored: StoredFile[] = [];
  try {
    for (const img of images) stored.push(await storage.put(img.buffer, img.contentType));
  } catch (e) {
    await deleteStoredFiles(stored.map((s) => s.key));
    if (e instanceof AppError) throw e;
    console.error('[products] storing an image failed', e);
    throw new AppError('provider_error', 'The image could not be stored. Please try again.');
  }
  return stored;
}

/** Runs `work` in a transaction; if it fails, deletes the files stored for it. */
async function withStoredFiles<T>(stored: StoredFile[], work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (e) {
    await deleteStoredFiles(stored.map((s) => s.key));
    throw e;
  }
}

/** 400 when a referenced category, brand or supplier does not exist. */
async function checkReferences(tx: Tx, input: { category_id?: number | null; brand_id?: number | null; supplier_id?: number | null }) {
  if (input.category_id) {
    const [c] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id)).limit(1);
    if (!c) throw badRequest('That category does not exist.', { field: 'category_id' });
  }
  if (input.brand_id) {
    const [b] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand_id)).limit(1);
    if (!b) throw badRequest('That brand does not exist.', { field: 'brand_id' });
  }
  if (input.supplier_id) {
    const [s] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, input.supplier_id)).limit(1);
    if (!s) throw badRequest('That supplier does not exist.', { field: 'supplier_id' });
  }
}

const skuTaken = (sku: string, archived: boolean) =>
  new AppError(
    'conflict',
    archived ? `The SKU “${sku}” belongs to an archived product; choose another SKU.` : `The SKU “${sku}” is already used by another product.`,
    { field: 'sku' },
  );

/** 409 when another product (live or archived) has this SKU, regardless of case. */
async function checkSkuFree(tx: Tx, sku: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: products.id, archivedAt: products.archivedAt })
    .from(products)
    .where(and(sql`lower(${products.sku}) = lower(${sku})`, exceptId ? ne(products.id, exceptId) : undefined))
    .limit(1);
  if (other) throw skuTaken(sku, Boolean(other.archivedAt));
}

/** A unique-violation on the SKU index (a concurrent insert) becomes the same 409. */
function mapSkuRace(e: unknown, sku: string | undefined): unknown {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = err?.code ?? err?.cause?.code;
  const constraint = err?.constraint ?? err?.cause?.constraint;
  if (code === '23505' && sku && (!constraint || constraint === 'products_sku_idx')) return skuTaken(sku, false);
  return e;
}

/** Column values from validated input (dollars → cents); only the fields present. */
function toColumns(input: ProductUpdateInput): Partial<NewProduct> {
  const c: Partial<NewProduct> = {};
  if (input.name !== undefined) c.name = input.name;
  if (input.sku !== undefined) c.sku = input.sku;
  if (input.description !== undefined) c.description = input.description;
  if (input.price !== undefined) c.price = toCents(input.price);
  if (input.category_id !== undefined) c.categoryId = input.category_id;
  if (input.brand_id !== undefined) c.brandId = input.brand_id;
  if (input.supplier_id !== undefined) c.supplierId = input.supplier_id;
  if (input.featured !== undefined) c.featured = input.featured;
  if (input.material !== undefined) c.material = input.material;
  if (input.style !== undefined) c.style = input.style;
  if (input.color !== undefined) c.color = input.color;
  if (input.size !== undefined) c.size = input.size;
  if (input.function !== undefined) c.function = input.function;
  if (input.mobility !== undefined) c.mobility = input.mobility;
  if (input.variant_group !== undefined) c.variantGroup = input.variant_group;
  if (input.width_cm !== undefined) c.widthCm = input.width_cm;
  if (input.height_cm !== undefined) c.heightCm = input.height_cm;
  if (input.depth_cm !== undefined) c.depthCm = input.depth_cm;
  if (input.shipping_class !== undefined) c.shippingClass = input.shipping_class;
  if (input.assembly_fee !== undefined) c.assemblyFee = toCents(input.assembly_fee);
  return c;
}

/**
 * Orders new files by their metadata's sort_order (stable) and picks the primary one: the first
 * file flagged is_primary, else the first file — but only when no existing image is kept.
 */
function arrangeNewImages<T>(stored: T[], meta: ImageMeta[] | undefined, keptCount: number): { file: T; primary: boolean }[] {
  const order = stored.map((file, i) => ({ file, i, sort: meta?.[i]?.sort_order ?? keptCount + i, flagged: meta?.[i]?.is_primary === true }));
  order.sort((a, b) => a.sort - b.sort || a.i - b.i);
  const primaryIndex = keptCount > 0 ? -1 : Math.max(0, order.findIndex((o) => o.flagged));
  return order.map((o, idx) => ({ file: o.file, primary: idx === primaryIndex }));
}

function checkMeta(files: ImageUploads['files'], meta?: ImageMeta[]) {
  if (meta && meta.length !== files.length) {
    throw badRequest(`imageMeta has ${meta.length} entries but ${files.length} image files were sent; send one entry per file.`);
  }
}

// ── Audit ───────────────────────────────────────────────────────────────────────────────────

/** The product's money columns, in cents (recorded in dollars). */
const PRODUCT_CENTS = ['price', 'assemblyFee'];

/** A product as the audit log names it. */
const productTarget = (p: { id: number; name: string; sku: string }) => ({ type: 'product', id: p.id, label: `${p.name} (${p.sku})` });

const AUDITED_PRODUCT_FIELDS = ['name', 'sku', 'description', 'price', 'stock', 'categoryId', 'brandId', 'supplierId', 'featured', 'material', 'style', 'color', 'size', 'function', 'mobility', 'variantGroup', 'widthCm', 'heightCm', 'depthCm', 'shippingClass', 'assemblyFee'];

/** The fields of a product row worth recording (what staff edit; not the derived search columns). */
function auditedProduct(row: typeof products.$inferSelect): Record<string, unknown> {
  return pick(row, AUDITED_PRODUCT_FIELDS) ?? {};
}

// ── Create ──────────────────────────────────────────────────────────────────────────────────

/**
 * Creates a product, with optional images (POST /api/products).
 * @param input validated fields (price in dollars; stock defaults to 0, featured to false)
 * @param uploads new files; the first (or the one flagged is_primary in meta) becomes primary
 * @returns the new product as ProductJson
 * @throws 401/403 not an administrator; 400 bad input / unknown category, brand or supplier /
 *   style, function or mobility on no list (lib/catalog/admin/facet-choices.ts) / rejected image; 413 image over MAX_IMAGE_BYTES (lib/storage/images.ts); 409 SKU already used
 *   (any case, archived products included); 502 storage failure
 */
export async function createProduct(actor: SessionUser, given: ProductCreateInput, uploads: ImageUploads = { files: [] }): Promise<ProductJson> {
  authorize(actor, 'products.write');
  // A new product is given its price.
  authorize(actor, 'prices.write');
  // Style, function and mobility in their list's spelling (400 for a value on no list), before any upload is stored.
  const input = await normaliseFacetInput(db, given);
  checkMeta(uploads.files, uploads.meta);
  const prepared = await prepareUploads(uploads.files);
  const stored = await storeUploads(prepared);
  let id: number;
  try {
    id = await withStoredFiles(stored, async (tx) => {
      await checkReferences(tx, input);
      await checkSkuFree(tx, input.sku);
      const [row] = await tx
        .insert(products)
        .values({
          ...toColumns(input),
          name: input.name,
          sku: input.sku,
          price: toCents(input.price),
          // Stock is counted at the default location below, naming the staff member (docs/stock.md "The ledger").
          stock: 0,
          featured: input.featured ?? false,
          // The class from the dimensions (else the kind the name says) unless one is given.
          shippingClass: input.shipping_class ?? shippingClassFor({ widthCm: input.width_cm ?? null, heightCm: input.height_cm ?? null, depthCm: input.depth_cm ?? null, name: input.name }),
        })
        .returning({ id: products.id });
      if (input.category_id) await tx.insert(productCategories).values({ productId: row.id, categoryId: input.category_id }).onConflictDoNothing();
      if (input.stock) await setProductStock(tx, actor, row.id, input.stock);
      const [created] = await tx.select().from(products).where(eq(products.id, row.id));
      await recordAudit(tx, actor, { action: 'product.create', target: productTarget(created), after: auditedProduct(created), cents: PRODUCT_CENTS });
      const arranged = arrangeNewImages(stored, uploads.meta, 0);
      if (arranged.length) {
        await tx.insert(productImages).values(
          arranged.map((a, i) => ({ productId: row.id, url: a.file.url, storageKey: a.file.key, sortOrder: i, isPrimary: a.primary })),
        );
      }
      return row.id;
    });
  } catch (e) {
    throw mapSkuRace(e, input.sku);
  }
  invalidateCatalogue(id);
  return readBack(id);
}

// ── Update ──────────────────────────────────────────────────────────────────────────────────

function resolveKept(refs: ExistingImageRef[], current: { id: number; url: string }[]): number[] {
  const kept: number[] = [];
  for (const ref of refs) {
    const match =
      typeof ref === 'number'
        ? current.find((c) => c.id === ref)
        : typeof ref === 'string'
          ? current.find((c) => c.url === ref || String(c.id) === ref)
          : current.find((c) => (ref.image_id !== undefined && c.id === ref.image_id) || (ref.image_url !== undefined && c.url === ref.image_url));
    if (!match) {
      const shown = typeof ref === 'object' ? JSON.stringify(ref) : String(ref);
      throw badRequest(`existingImages lists an image this product does not have: ${shown.slice(0, 200)}.`);
    }
    if (!kept.includes(match.id)) kept.push(match.id);
  }
  return kept;
}

/**
 * What a domain above the catalogue does in the transaction of a product update: `onPriceChange`
 * gets the price before and after (cents) when the price changed (the saved items' price-drop
 * e-mails, lib/saved/price-drop.ts, which the catalogue cannot import).
 */
export type ProductUpdateHooks = { onPriceChange?: (tx: Tx, change: { productId: number; from: number; to: number }) => Promise<unknown> };

/**
 * Updates a product's fields and/or images (PUT /api/products/{id}).
 * @param input validated fields; absent ones are left unchanged
 * @param images `existing` — images to keep, in order (undefined keeps all, [] removes all);
 *   `files` — new images appended after the kept ones; `meta` — per-file {sort_order, is_primary}
 * @param hooks run in the update's transaction (ProductUpdateHooks)
 * @returns the updated product as ProductJson
 * @throws 404 unknown or archived product; 400 / 413 / 409 / 502 as createProduct
 */
export async function updateProduct(actor: SessionUser, id: number, given: ProductUpdateInput, images: ImageChanges = { files: [] }, hooks: ProductUpdateHooks = {}): Promise<ProductJson> {
  authorize(actor, 'products.write');
  const input = await normaliseFacetInput(db, given);
  checkMeta(images.files, images.meta);
  const prepared = await prepareUploads(images.files);
  const stored = await storeUploads(prepared);
  let removedKeys: (string | null)[] = [];
  try {
    removedKeys = await withStoredFiles(stored, async (tx) => {
      const [current] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, id), isNull(products.archivedAt)))
        .for('update');
      if (!current) throw notFound('Product not found.');
      const columns = toColumns(input);
      // The stock figure is a count at the default location with the staff member named in the ledger (lib/stock/admin.ts setProductStock).
      const stock = input.stock !== undefined ? { stock: input.stock } : {};
      const audit = { action: 'product.update', target: productTarget(current), before: pick(current, [...Object.keys(columns), ...Object.keys(stock)]), after: { ...columns, ...stock } as Record<string, unknown>, cents: PRODUCT_CENTS };
      // A changed price is prices.write's (a form that sends the same price again is not a change).
      if (columns.price !== undefined && columns.price !== current.price) authorize(actor, 'prices.write');
      await checkReferences(tx, input);
      if (input.sku !== undefined) await checkSkuFree(tx, input.sku, id);

      if (Object.keys(columns).length) await tx.update(products).set({ ...columns, updatedAt: new Date() }).where(eq(products.id, id));
      if (input.stock !== undefined) await setProductStock(tx, actor, id, input.stock);
      if (columns.price !== undefined && columns.price !== current.price) await hooks.onPriceChange?.(tx, { productId: id, from: current.price, to: columns.price });
      if (input.category_id !== undefined && input.category_id !== current.categoryId) {
        if (current.categoryId) {
          await tx.delete(productCategories).where(and(eq(productCategories.productId, id), eq(productCategories.categoryId, current.categoryId)));
        }
        if (input.category_id) await tx.insert(productCategories).values({ productId: id, categoryId: input.category_id }).onConflictDoNothing();
      }

      if (images.existing === undefined && stored.length === 0) {
        await recordAudit(tx, actor, audit);
        return [];
      }
      const currentImages = await tx
        .select({ id: productImages.id, url: productImages.url, key: productImages.storageKey, isPrimary: productImages.isPrimary })
        .from(productImages)
        .where(eq(productImages.productId, id))
        .orderBy(asc(productImages.sortOrder), asc(productImages.id));
      const keptIds = images.existing === undefined ? currentImages.map((c) => c.id) : resolveKept(images.existing, currentImages);
      if (keptIds.length + stored.length > MAX_IMAGES_PER_PRODUCT) {
        throw badRequest(`A product can have at most ${MAX_IMAGES_PER_PRODUCT} images.`);
      }
      const removed = currentImages.filter((c) => !keptIds.includes(c.id));
      if (removed.length) await tx.delete(productImages).where(inArray(productImages.id, removed.map((r) => r.id)));

      // Kept images first, in the given order; the primary stays primary, else the first kept one.
      const keptPrimary = currentImages.find((c) => c.isPrimary && keptIds.includes(c.id))?.id ?? keptIds[0];
      for (const [i, imageId] of keptIds.entries()) {
        await tx.update(productImages).set({ sortOrder: i, isPrimary: imageId === keptPrimary }).where(eq(productImages.id, imageId));
      }
      const arranged = arrangeNewImages(stored, images.meta, keptIds.length);
      if (arranged.length) {
        await tx.insert(productImages).values(
          arranged.map((a, i) => ({ productId: id, url: a.file.url, storageKey: a.file.key, sortOrder: keptIds.length + i, isPrimary: a.primary })),
        );
      }
      const imagesAfter = [...keptIds.map((k) => currentImages.find((c) => c.id === k)!.url), ...arranged.map((a) => a.file.url)];
      await recordAudit(tx, actor, { ...audit, before: { ...audit.before, images: currentImages.map((c) => c.url) }, after: { ...audit.after, images: imagesAfter } });
      return removed.map((r) => r.key);
    });
  } catch (e) {
    throw mapSkuRace(e, input.sku);
  }
  await deleteStoredFiles(removedKeys);
  invalidateCatalogue(id);
  return readBack(id);
}

// ── Delete ──────────────────────────────────────────────────────────────────────────────────

export type { DeleteProductResult };

export const PRODUCT_ARCHIVED_MESSAGE = 'This product appears in past orders, so it was archived: it is hidden from the shop and kept for order history.';
export const PRODUCT_DELETED_MESSAGE = 'The product was deleted.';

async function archive(tx: Tx, id: number) {
  await tx.update(products).set({ archivedAt: new Date(), featured: false, updatedAt: new Date() }).where(eq(products.id, id));
  // An archived product can no longer be bought: take it out of shoppers' carts.
  await tx.delete(cartItems).where(eq(cartItems.productId, id));
}

function pgCode(e: unknown): string | undefined {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code ?? err?.cause?.code;
}

/**
 * Deletes a product (DELETE /api/products/{id}). A product that past orders point to is archived
 * instead (hidden from the shop and admin lists, kept for order history, removed from carts);
 * otherwise the row, its images and their stored files are erased.
 * @returns { success, archived, message } telling the admin which happened
 * @throws 404 unknown or already archived product
 */
export async function deleteProduct(actor: SessionUser, id: number): Promise<DeleteProductResult> {
  authorize(actor, 'products.write');
  let outcome: { archived: boolean; keys: (string | null)[] };
  try {
    outcome = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(products).where(and(eq(products.id, id), isNull(products.archivedAt))).for('update');
      if (!row) throw notFound('Product not found.');
      const [used] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)).limit(1);
      if (used) {
        await archive(tx, id);
        await recordAudit(tx, actor, { action: 'product.archive', target: productTarget(row), before: { archived: false }, after: { archived: true } });
        return { archived: true, keys: [] };
      }
      await recordAudit(tx, actor, { action: 'product.delete', target: productTarget(row), before: auditedProduct(row), cents: PRODUCT_CENTS });
      const images = await tx.select({ key: productImages.storageKey }).from(productImages).where(eq(productImages.productId, id));
      await tx.delete(products).where(eq(products.id, id));
      return { archived: false, keys: images.map((i) => i.key) };
    });
  } catch (e) {
    // An order placed for it in the meantime (foreign key from order_items): archive instead.
    if (e instanceof AppError || pgCode(e) !== '23503') throw e;
    await db.transaction(async (tx) => {
      await archive(tx, id);
      await recordAudit(tx, actor, { action: 'product.archive', target: { type: 'product', id }, before: { archived: false }, after: { archived: true } });
    });
    outcome = { archived: true, keys: [] };
  }
  await deleteStoredFiles(outcome.keys);
  invalidateCatalogue(id);
  return { success: true, archived: outcome.archived, message: outcome.archived ? PRODUCT_ARCHIVED_MESSAGE : PRODUCT_DELETED_MESSAGE };
}
