/**
 * Categories managed in the back office (spec §3 Category): the admin list with
 * product counts, add, rename, move a subcategory to another room, and delete. Every function
 * takes the signed-in user first and refuses anyone but an administrator before reading or writing
 * (authorize, lib/auth/permissions.ts). Each write is one transaction that locks the category row;
 * after it commits, every cached catalogue read (the category tree of the header, menus and
 * filters; product lists and pages that show category names) is dropped (invalidateCatalogue).
 *
 * Rules (docs/back-office.md):
 *   - the tree has two levels: a room (parent_id null) holds subcategories; a subcategory's
 *     parent must be a room; a room that still has subcategories cannot itself be moved into a room;
 *   - names are unique among siblings regardless of case (409);
 *   - the slug is made from the name when the category is added and never changes afterwards
 *     (room pictures and share images are keyed by it, and old links keep working);
 *   - a category that live products are listed in, or a room that has subcategories, cannot be
 *     deleted (409 with the count); archived products (kept only for order history) lose the link.
 * products.category_ids follows by the triggers of migration 0005 (no writer sets it).
 */
import 'server-only';
import { and, asc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { db, type Tx } from '@/db/client';
import { categories, discountCodeCategories, products, type Category } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { invalidateCatalogue } from '@/lib/catalog/read/cache';
import type { AdminCategoryJson } from '@/lib/catalog/contracts';
import type { CategoryCreateInput, CategoryUpdateInput } from '@/lib/catalog/admin/category-schema';
import { AppError, badRequest, conflict, notFound } from '@/lib/server/errors';

export type { AdminCategoryJson };

/** A room with its subcategories and the live products listed in each (a room: in it or any of its subcategories), for /admin/categories. */
export type AdminCategoryNode = AdminCategoryJson & { product_count: number; subcategories: (AdminCategoryJson & { product_count: number })[] };

export const toAdminCategoryJson = (c: Pick<Category, 'id' | 'name' | 'slug' | 'parentId'>): AdminCategoryJson => ({
  category_id: c.id,
  id: c.id,
  name: c.name,
  slug: c.slug,
  parent_id: c.parentId,
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Live (not archived) products listed in the category, through category_id or a link (products_category_ids_idx). */
const listedIn = (categoryId: number | SQL) => sql`${products.archivedAt} IS NULL AND ${products.categoryIds} @> ARRAY[${categoryId}]::integer[]`;

/**
 * Rooms with their subcategories, in display order, each with the number of live products listed
 * in it (a product in several subcategories counts in each; a room counts its subcategories' products once).
 * @throws 401/403 not an administrator
 */
export async function listAdminCategories(actor: SessionUser): Promise<AdminCategoryNode[]> {
  authorize(actor, 'products.write');
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      parentId: categories.parentId,
      // A room counts the products listed in it or in any of its subcategories (once each). Written
      // with explicit names: drizzle leaves a one-table select's columns unqualified, and an
      // unqualified "id" inside the subquery would be the subquery's own.
      count: sql<number>`(SELECT count(*)::int FROM products p WHERE p.archived_at IS NULL
        AND p.category_ids && (SELECT array_agg(c2.id) FROM categories c2 WHERE c2.id = categories.id OR c2.parent_id = categories.id))`,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id));
  return rows
    .filter((r) => r.parentId === null)
    .map((room) => ({
      ...toAdminCategoryJson(room),
      product_count: room.count,
      subcategories: rows.filter((s) => s.parentId === room.id).map((s) => ({ ...toAdminCategoryJson(s), product_count: s.count })),
    }));
}

/** 'Living room' → 'living-room'; letters outside a–z are dropped after folding accents ('Kōwhai' → 'kowhai'). */
export function slugOf(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return base || 'category';
}

/** The slug for a new category: slugOf(name), or with -2, -3 … when taken. */
async function freeSlug(tx: Tx, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (await tx.select({ slug: categories.slug }).from(categories).where(sql`${categories.slug} = ${base} OR ${categories.slug} LIKE ${`${base}-%`}`)).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** 400 unless `parentId` is an existing room (not `selfId`). Locks the room so it cannot be moved or deleted meanwhile. */
async function checkParent(tx: Tx, parentId: number, selfId?: number): Promise<Category> {
  if (parentId === selfId) throw badRequest('A category cannot be placed inside itself.', { field: 'parent_id' });
  const [parent] = await tx.select().from(categories).where(eq(categories.id, parentId)).for('update');
  if (!parent) throw badRequest('That room does not exist.', { field: 'parent_id' });
  if (parent.parentId !== null) throw badRequest(`“${parent.name}” is a subcategory; subcategories can only be placed in a room.`, { field: 'parent_id' });
  return parent;
}

/** 409 when a sibling (same parent) already has this name, regardless of case. */
async function checkNameFree(tx: Tx, name: string, parentId: number | null, exceptId?: number) {
  const [other] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        sql`lower(${categories.name}) = lower(${name})`,
        parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
        exceptId ? ne(categories.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (other) throw conflict(parentId === null ? `A room named “${name}” already exists.` : `This room already has a subcategory named “${name}”.`);
}

/** A category as the audit log names it. */
const categoryTarget = (c: Category) => ({ type: 'category', id: c.id, label: c.name });

function pgCode(e: unknown): string | undefined {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code ?? err?.cause?.code;
}

/**
 * Adds a room (parent_id null) or a subcategory of a room (POST /api/categories).
 * @returns AdminCategoryJson {category_id, id, name, slug, parent_id} (201 at the door); placed last among its siblings
 * @throws 401/403 not an administrator; 400 parent is not an existing room; 409 a sibling has that name
 */
export async function createCategory(actor: SessionUser, input: CategoryCreateInput): Promise<AdminCategoryJson> {
  authorize(actor, 'products.write');
  let row: Category;
  try {
    row = await db.transaction(async (tx) => {
      if (input.parent_id !== null) await checkParent(tx, input.parent_id);
      await checkNameFree(tx, input.name, input.parent_id);
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${categories.sortOrder}), -1)::int + 1` })
        .from(categories)
        .where(input.parent_id === null ? isNull(categories.parentId) : eq(categories.parentId, input.parent_id));
      const [created] = await tx
        .insert(categories)
        .values({ name: input.name, slug: await freeSlug(tx, input.name), parentId: input.parent_id, sortOrder: next })
        .returning();
      await recordAudit(tx, actor, { action: 'category.create', target: categoryTarget(created), after: created });
      return created;
    });
  } catch (e) {
    // Two categories added at once with the same slug: the unique index refuses the second.
    if (pgCode(e) === '23505') throw conflict('Another category was added with the same name at the same moment. Please try again.');
    throw e;
  }
  invalidateCatalogue();
  return toAdminCategoryJson(row);
}

/**
 * Renames a category and/or moves it (PATCH /api/categories/{id}): `parent_id` a room's id moves a
 * subcategory there (placed last), null makes it a room. The slug stays.
 * @returns AdminCategoryJson
 * @throws 401/403; 404 unknown category; 400 the new parent is itself, missing or a subcategory;
 *   409 a sibling in the destination has that name, or a room with subcategories would become a subcategory
 */
export async function updateCategory(actor: SessionUser, id: number, input: CategoryUpdateInput): Promise<AdminCategoryJson> {
  authorize(actor, 'products.write');
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!current) throw notFound('Category not found.');
    const parentId = input.parent_id === undefined ? current.parentId : input.parent_id;
    const name = input.name ?? current.name;
    const moving = parentId !== current.parentId;
    if (moving && parentId !== null) {
      await checkParent(tx, parentId, id);
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(categories).where(eq(categories.parentId, id));
      if (n > 0) throw conflict(`“${current.name}” is a room with ${plural(n, 'subcategory', 'subcategories')}; move them to another room first.`);
    }
    if (moving || name.toLowerCase() !== current.name.toLowerCase()) await checkNameFree(tx, name, parentId, id);
    const changes: Partial<Category> = { name };
    if (moving) {
      changes.parentId = parentId;
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${categories.sortOrder}), -1)::int + 1` })
        .from(categories)
        .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
      changes.sortOrder = next;
    }
    const [updated] = await tx.update(categories).set(changes).where(eq(categories.id, id)).returning();
    await recordAudit(tx, actor, { action: 'category.update', target: categoryTarget(updated), before: current, after: updated, omit: ['sortOrder'] });
    return updated;
  });
  invalidateCatalogue();
  return toAdminCategoryJson(row);
}

/** The message of a refused delete: what still uses the category. */
export const categoryInUseMessage = (n: number) => `This category still has ${plural(n, 'product', 'products')}; move them to another category first.`;
export const categoryHasCodesMessage = (n: number) => `${plural(n, 'discount code is', 'discount codes are')} limited to this category; change ${n === 1 ? 'it' : 'them'} in Discount codes first.`;
export const roomNotEmptyMessage = (n: number) => `This room still has ${plural(n, 'subcategory', 'subcategories')}; move or delete them first.`;

/**
 * Deletes a category (DELETE /api/categories/{id}) that no live product is listed in and that has
 * no subcategories; archived products in it lose the link (they keep their order history).
 * @returns {success: true, message}
 * @throws 401/403; 404 unknown category; 409 still has products (categoryInUseMessage), subcategories (roomNotEmptyMessage) or discount codes limited to it (categoryHasCodesMessage)
 */
export async function deleteCategory(actor: SessionUser, id: number): Promise<{ success: true; message: string }> {
  authorize(actor, 'products.write');
  let name: string;
  try {
    name = await db.transaction(async (tx) => {
      // The row lock waits for any product write that references the category (it holds a key-share lock).
      const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!current) throw notFound('Category not found.');
      const [{ subs }] = await tx.select({ subs: sql<number>`count(*)::int` }).from(categories).where(eq(categories.parentId, id));
      if (subs > 0) throw conflict(roomNotEmptyMessage(subs));
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(products).where(listedIn(id));
      if (n > 0) throw conflict(categoryInUseMessage(n));
      // A discount code limited to it would otherwise apply to nothing (the link is ON DELETE RESTRICT).
      const [{ codes }] = await tx.select({ codes: sql<number>`count(*)::int` }).from(discountCodeCategories).where(eq(discountCodeCategories.categoryId, id));
      if (codes > 0) throw conflict(categoryHasCodesMessage(codes));
      // Archived products keep their history but not the category (their links go with the category: ON DELETE CASCADE).
      await tx.update(products).set({ categoryId: null }).where(and(eq(products.categoryId, id), isNotNull(products.archivedAt)));
      await tx.delete(categories).where(eq(categories.id, id));
      await recordAudit(tx, actor, { action: 'category.delete', target: categoryTarget(current), before: current });
      return current.name;
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    // A product was put in the category at the same moment (foreign key): refuse like any other use.
    if (pgCode(e) === '23503') throw conflict('This category was just given a product; move it to another category first.');
    throw e;
  }
  invalidateCatalogue();
  return { success: true, message: `The category “${name}” was deleted.` };
}
