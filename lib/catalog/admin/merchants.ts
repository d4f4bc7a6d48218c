/**
 * Brands and suppliers (spec §2 Merchant Management, §3 Brand / Supplier, §7 /brands, /suppliers).
 *
 * Reads: listBrands() is public (the shop's filters and the admin dropdowns), cached under
 * TAGS.brands; listSuppliers() is for administrators. Writes are for administrators and
 * invalidate the caches that show brand data. Every administrator operation takes the signed-in
 * user first and checks it before anything else (authorize, lib/auth/permissions.ts).
 *
 * Rules: names are unique regardless of case (409); a brand or supplier still used by live
 * products cannot be deleted (409 "This brand is used by N products; reassign them first.").
 * Archived products (kept only for order history) do not block a delete: they lose the link.
 */
import 'server-only';
import { and, asc, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { revalidateTag, unstable_cache } from 'next/cache';
import { db, type Tx } from '@/db/client';
import { brands, products, suppliers, type Brand, type Supplier } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { TAGS } from '@/lib/catalog/tags';
import { AppError, conflict, notFound } from '@/lib/server/errors';
import type { BrandJson, SupplierJson } from '@/lib/catalog/contracts';
import type { BrandInput } from '@/lib/catalog/admin/brand-schema';
import type { SupplierInput as SupplierFields } from '@/lib/catalog/admin/supplier-schema';

export type { BrandJson, SupplierJson };

export const toBrandJson = (b: Brand): BrandJson => ({ brand_id: b.id, name: b.name, description: b.description });
export const toSupplierJson = (s: Supplier): SupplierJson => ({ supplier_id: s.id, name: s.name, contact_info: s.contactInfo });

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err?.code ?? err?.cause?.code) === '23505';
}

function invalidateBrands() {
  revalidateTag(TAGS.brands, { expire: 0 });
  // Product pages and lists may show the brand's name.
  revalidateTag(TAGS.products, { expire: 0 });
}

// ── Brands ──────────────────────────────────────────────────────────────────────────────────

const readBrands = async (): Promise<BrandJson[]> => (await db.select().from(brands).orderBy(asc(sql`lower(${brands.name})`), asc(brands.id))).map(toBrandJson);

/** Every brand, by name (public; cached, invalidated by brand writes). → [{brand_id, name, description}] */
export const listBrands = unstable_cache(readBrands, ['brands:list'], { tags: [TAGS.brands] });

const brandNameTaken = (name: string) => new AppError('conflict', `A brand named “${name}” already exists.`, { field: 'name' });

async function checkBrandName(tx: Tx, name: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(and(sql`lower(${brands.name}) = lower(${name})`, exceptId ? ne(brands.id, exceptId) : undefined))
    .limit(1);
  if (other) throw brandNameTaken(name);
}

/**
 * Adds a brand. @returns BrandJson (201 at the door)
 * @throws 401/403 not an administrator; 409 a brand with that name (any case) exists
 */
export async function createBrand(actor: SessionUser, input: BrandInput): Promise<BrandJson> {
  authorize(actor, 'products.write');
  try {
    const row = await db.transaction(async (tx) => {
      await checkBrandName(tx, input.name);
      const [created] = await tx.insert(brands).values({ name: input.name, description: input.description ?? null }).returning();
      await recordAudit(tx, actor, { action: 'brand.create', target: { type: 'brand', id: created.id, label: created.name }, after: created });
      return created;
    });
    invalidateBrands();
    return toBrandJson(row);
  } catch (e) {
    throw isUniqueViolation(e) ? brandNameTaken(input.name) : e;
  }
}

/**
 * Renames / re-describes a brand; absent fields are unchanged. @returns BrandJson
 * @throws 404 unknown brand; 409 name taken by another brand (any case)
 */
export async function updateBrand(actor: SessionUser, id: number, input: Partial<BrandInput>): Promise<BrandJson> {
  authorize(actor, 'products.write');
  try {
    const row = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
      if (!current) throw notFound('Brand not found.');
      if (input.name !== undefined) await checkBrandName(tx, input.name, id);
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      };
      const [updated] = Object.keys(changes).length ? await tx.update(brands).set(changes).where(eq(brands.id, id)).returning() : [current];
      await recordAudit(tx, actor, { action: 'brand.update', target: { type: 'brand', id, label: updated.name }, before: current, after: updated });
      return updated;
    });
    invalidateBrands();
    return toBrandJson(row);
  } catch (e) {
    throw isUniqueViolation(e) && input.name ? brandNameTaken(input.name) : e;
  }
}

/**
 * Deletes a brand no live product uses. @returns { success, message }
 * @throws 404 unknown brand; 409 "This brand is used by N products; reassign them first."
 */
export async function deleteBrand(actor: SessionUser, id: number): Promise<{ success: true; message: string }> {
  authorize(actor, 'products.write');
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
    if (!current) throw notFound('Brand not found.');
    const [{ n }] = await tx.select({ n: count() }).from(products).where(and(eq(products.brandId, id), isNull(products.archivedAt)));
    if (n > 0) throw conflict(`This brand is used by ${plural(n, 'product', 'products')}; reassign them first.`);
    await tx.update(products).set({ brandId: null }).where(and(eq(products.brandId, id), isNotNull(products.archivedAt)));
    await tx.delete(brands).where(eq(brands.id, id));
    await recordAudit(tx, actor, { action: 'brand.delete', target: { type: 'brand', id, label: current.name }, before: current });
  });
  invalidateBrands();
  return { success: true, message: 'The brand was deleted.' };
}

// ── Suppliers ───────────────────────────────────────────────────────────────────────────────

/** Every supplier, by name (administrators only). → [{supplier_id, name, contact_info}] */
export async function listSuppliers(actor: SessionUser): Promise<SupplierJson[]> {
  authorize(actor, 'products.write');
  const rows = await db.select().from(suppliers).orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id));
  return rows.map(toSupplierJson);
}

const supplierNameTaken = (name: string) => new AppError('conflict', `A supplier named “${name}” already exists.`, { field: 'name' });

async function checkSupplierName(tx: Tx, name: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(sql`lower(${suppliers.name}) = lower(${name})`, exceptId ? ne(suppliers.id, exceptId) : undefined))
    .limit(1);
  if (other) throw supplierNameTaken(name);
}

/**
 * Adds a supplier. @returns SupplierJson (201 at the door)
 * @throws 401/403 not an administrator; 409 a supplier with that name (any case) exists
 */
export async function createSupplier(actor: SessionUser, input: SupplierFields): Promise<SupplierJson> {
  authorize(actor, 'products.write');
  try {
    const row = await db.transaction(async (tx) => {
      await checkSupplierName(tx, input.name);
      const [created] = await tx.insert(suppliers).values({ name: input.name, contactInfo: input.contact_info ?? null }).returning();
      await recordAudit(tx, actor, { action: 'supplier.create', target: { type: 'supplier', id: created.id, label: created.name }, after: created });
      return created;
    });
    return toSupplierJson(row);
  } catch (e) {
    throw isUniqueViolation(e) ? supplierNameTaken(input.name) : e;
  }
}

/**
 * Updates a supplier; absent fields are unchanged. @returns SupplierJson
 * @throws 404 unknown supplier; 409 name taken by another supplier (any case)
 */
export async function updateSupplier(actor: SessionUser, id: number, input: Partial<SupplierFields>): Promise<SupplierJson> {
  authorize(actor, 'products.write');
  try {
    const row = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).for('update');
      if (!current) throw notFound('Supplier not found.');
      if (input.name !== undefined) await checkSupplierName(tx, input.name, id);
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.contact_info !== undefined ? { contactInfo: input.contact_info } : {}),
      };
      const [updated] = Object.keys(changes).length ? await tx.update(suppliers).set(changes).where(eq(suppliers.id, id)).returning() : [current];
      await recordAudit(tx, actor, { action: 'supplier.update', target: { type: 'supplier', id, label: updated.name }, before: current, after: updated });
      return updated;
    });
    return toSupplierJson(row);
  } catch (e) {
    throw isUniqueViolation(e) && input.name ? supplierNameTaken(input.name) : e;
  }
}

/**
 * Deletes a supplier no live product uses. @returns { success, message }
 * @throws 404 unknown supplier; 409 "This supplier is used by N products; reassign them first."
 */
export async function deleteSupplier(actor: SessionUser, id: number): Promise<{ success: true; message: string }> {
  authorize(actor, 'products.write');
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).for('update');
    if (!current) throw notFound('Supplier not found.');
    const [{ n }] = await tx.select({ n: count() }).from(products).where(and(eq(products.supplierId, id), isNull(products.archivedAt)));
    if (n > 0) throw conflict(`This supplier is used by ${plural(n, 'product', 'products')}; reassign them first.`);
    await tx.update(products).set({ supplierId: null }).where(and(eq(products.supplierId, id), isNotNull(products.archivedAt)));
    await tx.delete(suppliers).where(eq(suppliers.id, id));
    await recordAudit(tx, actor, { action: 'supplier.delete', target: { type: 'supplier', id, label: current.name }, before: current });
  });
  return { success: true, message: 'The supplier was deleted.' };
}
