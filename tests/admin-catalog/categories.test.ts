/**
 * Categories managed in the back office: POST /api/categories,
 * PATCH /api/categories/{id}, DELETE /api/categories/{id} through their route handlers on a real
 * database — what an administrator and the storefront (GET /api/categories, product listing) see.
 */
import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '@/lib/auth/permission-list';
import { revalidateTag } from 'next/cache';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { GET as getTree, POST } from '@/app/api/categories/route';
import { DELETE, PATCH } from '@/app/api/categories/[id]/route';
import { POST as postProduct } from '@/app/api/products/route';
import { db } from '@/db/client';
import { categories, productCategories, products } from '@/db/schema';
import { listAdminCategories } from '@/lib/catalog/admin/category-service';
import { listProducts } from '@/lib/catalog/read/queries';
import { createCategory, createProduct, createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  adminToken = await tokenFor(await createUser({ isAdmin: true }));
  customerToken = await tokenFor(await createUser());
});
beforeEach(() => vi.mocked(revalidateTag).mockClear());

let n = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}${n++}`;
const post = (body: unknown, token: string | null = adminToken) => call(POST, { method: 'POST', url: '/api/categories', body, token: token ?? undefined });
const patch = (id: number, body: unknown, token: string | undefined = adminToken) => call(PATCH, { method: 'PATCH', url: `/api/categories/${id}`, params: { id: String(id) }, body, token });
const del = (id: number, token: string | undefined = adminToken) => call(DELETE, { method: 'DELETE', url: `/api/categories/${id}`, params: { id: String(id) }, token });
type TreeRoom = { category_id: number; name: string; subcategories: { category_id: number; name: string }[] };
const tree = async (): Promise<TreeRoom[]> => (await call(getTree, { url: '/api/categories' })).body;
const roomOf = async (subId: number) => (await tree()).find((r) => r.subcategories.some((s) => s.category_id === subId));
const invalidatedCategories = () => vi.mocked(revalidateTag).mock.calls.some(([tag]) => tag === 'categories');

describe('POST /api/categories', () => {
  test('POST /api/categories — visitor 401, customer 403, nothing created', async () => {
    const name = unique('Sunroom');
    expect((await post({ name }, null)).status).toBe(401);
    expect((await post({ name }, customerToken)).status).toBe(403);
    expect(await db.select().from(categories).where(eq(categories.name, name))).toHaveLength(0);
  });

  test('POST /api/categories — an admin adds a room and a subcategory; the storefront tree shows them and its cache is dropped', async () => {
    const roomName = unique('Sunroom');
    const room = await post({ name: roomName });
    expect(room.status).toBe(201);
    expect(room.body).toEqual({ category_id: expect.any(Number), id: room.body.category_id, name: roomName, slug: expect.stringMatching(/^sunroom-/), parent_id: null });
    expect(invalidatedCategories()).toBe(true);

    const sub = await post({ name: 'Loungers', parent_id: String(room.body.category_id) });
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({ name: 'Loungers', parent_id: room.body.category_id, slug: 'loungers' });
    const shown = (await tree()).find((r) => r.category_id === room.body.category_id);
    expect(shown?.name).toBe(roomName);
    expect(shown?.subcategories.map((s) => s.name)).toEqual(['Loungers']);

    // The same name elsewhere gets a slug of its own.
    const other = await post({ name: roomName + ' annex', parent_id: null });
    const again = await post({ name: 'Loungers', parent_id: other.body.category_id });
    expect(again.status).toBe(201);
    expect(again.body.slug).toBe('loungers-2');
  });

  test('POST /api/categories — 400 for an empty or overlong name and for a parent that is not a room; 409 for a sibling of the same name', async () => {
    const { room, sub } = await createCategory(unique('Hall'));
    const empty = await post({ name: '  ', parent_id: room.id });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Name is required.');
    expect((await post({ name: 'x'.repeat(101) })).status).toBe(400);
    const inSub = await post({ name: 'Hooks', parent_id: sub.id });
    expect(inSub.status).toBe(400);
    expect(inSub.body.message).toBe(`“${sub.name}” is a subcategory; subcategories can only be placed in a room.`);
    const missing = await post({ name: 'Hooks', parent_id: 99_999_999 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('That room does not exist.');
    expect((await post({ name: 'Hooks', parent_id: 'abc' })).status).toBe(400);
    const dup = await post({ name: sub.name.toUpperCase(), parent_id: room.id });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`This room already has a subcategory named “${sub.name.toUpperCase()}”.`);
    const dupRoom = await post({ name: room.name.toLowerCase() });
    expect(dupRoom.status).toBe(409);
    expect(dupRoom.body.message).toBe(`A room named “${room.name.toLowerCase()}” already exists.`);
  });
});

describe('PATCH /api/categories/{id}', () => {
  test('PATCH /api/categories/{id} — customer 403; an admin renames a subcategory, the slug stays', async () => {
    const { sub } = await createCategory(unique('Study'));
    expect((await patch(sub.id, { name: 'Desks' }, customerToken)).status).toBe(403);
    const res = await patch(sub.id, { name: 'Desks' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ category_id: sub.id, id: sub.id, name: 'Desks', slug: sub.slug, parent_id: sub.parentId });
    expect(invalidatedCategories()).toBe(true);
    expect((await roomOf(sub.id))?.subcategories.find((s) => s.category_id === sub.id)?.name).toBe('Desks');
  });

  test('PATCH /api/categories/{id} — moving a subcategory to another room takes its products along in the storefront listing', async () => {
    const from = await createCategory(unique('Office'));
    const to = await createCategory(unique('Studio'));
    const product = await createProduct({ categoryId: from.sub.id });
    const res = await patch(from.sub.id, { parent_id: to.room.id });
    expect(res.status).toBe(200);
    expect(res.body.parent_id).toBe(to.room.id);
    expect((await roomOf(from.sub.id))?.category_id).toBe(to.room.id);
    const inNewRoom = await listProducts({ categoryIds: [to.room.id], limit: 100 });
    expect(inNewRoom.products.map((p) => p.product_id)).toContain(product.id);
    const inOldRoom = await listProducts({ categoryIds: [from.room.id], limit: 100 });
    expect(inOldRoom.products.map((p) => p.product_id)).not.toContain(product.id);
  });

  test('PATCH /api/categories/{id} — refuses moving into itself, into a subcategory, a room with subcategories, a clashing name; 404 unknown; 400 empty body', async () => {
    const a = await createCategory(unique('Porch'));
    const b = await createCategory(unique('Deck'));
    const self = await patch(a.room.id, { parent_id: a.room.id });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('A category cannot be placed inside itself.');
    expect((await patch(a.sub.id, { parent_id: b.sub.id })).status).toBe(400);
    const roomWithSubs = await patch(a.room.id, { parent_id: b.room.id });
    expect(roomWithSubs.status).toBe(409);
    expect(roomWithSubs.body.message).toBe(`“${a.room.name}” is a room with 1 subcategory; move them to another room first.`);
    await db.update(categories).set({ name: 'Benches' }).where(eq(categories.id, b.sub.id));
    await db.update(categories).set({ name: 'benches' }).where(eq(categories.id, a.sub.id));
    const clash = await patch(a.sub.id, { parent_id: b.room.id });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('This room already has a subcategory named “benches”.');
    expect((await patch(99_999_999, { name: 'Nothing' })).status).toBe(404);
    const emptyBody = await patch(a.sub.id, {});
    expect(emptyBody.status).toBe(400);
    expect(emptyBody.body.message).toBe('Send a new name or parent_id.');
    // Nothing moved.
    const [row] = await db.select().from(categories).where(eq(categories.id, a.sub.id));
    expect(row.parentId).toBe(a.room.id);
  });
});

describe('DELETE /api/categories/{id}', () => {
  test('DELETE /api/categories/{id} — refused (409) while a live product is listed in it, by its primary category or a link; nothing deleted', async () => {
    const { sub } = await createCategory(unique('Garage'));
    const linked = await createCategory(unique('Shed'));
    await createProduct({ categoryId: sub.id });
    const res = await del(sub.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This category still has 1 product; move them to another category first.');
    expect(await db.select().from(categories).where(eq(categories.id, sub.id))).toHaveLength(1);

    const other = await createProduct();
    await db.insert(productCategories).values({ productId: other.id, categoryId: linked.sub.id });
    const viaLink = await del(linked.sub.id);
    expect(viaLink.status).toBe(409);
    expect(viaLink.body.message).toBe('This category still has 1 product; move them to another category first.');
  });

  test('DELETE /api/categories/{id} — a room with subcategories is refused (409); customer 403; unknown 404', async () => {
    const { room } = await createCategory(unique('Attic'));
    expect((await del(room.id, customerToken)).status).toBe(403);
    const res = await del(room.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This room still has 1 subcategory; move or delete them first.');
    expect((await del(99_999_999)).status).toBe(404);
  });

  test('DELETE /api/categories/{id} — an empty category is deleted; an archived product in it loses the link; then its room can go', async () => {
    const { room, sub } = await createCategory(unique('Cellar'));
    const archived = await createProduct({ categoryId: sub.id, archivedAt: new Date() });
    const res = await del(sub.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: `The category “${sub.name}” was deleted.` });
    expect(invalidatedCategories()).toBe(true);
    const [p] = await db.select({ categoryId: products.categoryId, categoryIds: products.categoryIds }).from(products).where(eq(products.id, archived.id));
    expect(p).toEqual({ categoryId: null, categoryIds: [] });
    expect((await del(room.id)).status).toBe(200);
    expect((await tree()).some((r) => r.category_id === room.id)).toBe(false);
  });

  test('DELETE /api/categories/{id} — racing products being added to it: either the delete is refused or the products are, never a product left in no category, never a 500', async () => {
    for (let round = 0; round < 3; round++) {
      const { sub } = await createCategory(unique('Race'));
      const adds = Array.from({ length: 4 }, (_, i) =>
        call(postProduct, { method: 'POST', url: '/api/products', token: adminToken, body: { name: `Racing stool ${i}`, sku: `RACE-${unique('s').replace(/\W/g, '')}`, price: '10', category_id: sub.id } }),
      );
      const [deleted, ...created] = await Promise.all([del(sub.id), ...adds]);
      for (const r of [deleted, ...created]) expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
      const live = await db.select({ id: products.id }).from(products).where(eq(products.categoryId, sub.id));
      if (deleted.status === 200) {
        expect(created.every((r) => r.status === 400)).toBe(true);
        expect(await db.select().from(categories).where(eq(categories.id, sub.id))).toHaveLength(0);
      } else {
        expect(deleted.status).toBe(409);
        expect(live.length).toBeGreaterThan(0);
      }
      expect(live.length).toBe(created.filter((r) => r.status === 201).length);
    }
  });
});

describe('/admin/categories list', () => {
  test('listAdminCategories — each subcategory counts its live products, a room those of all its subcategories once; customer 403', async () => {
    const { room, sub } = await createCategory(unique('Lounge'));
    const [second] = await db.insert(categories).values({ name: 'Ottomans', slug: `ottomans-${unique('s').replace(/\W/g, '')}`, parentId: room.id }).returning();
    const a = await createProduct({ categoryId: sub.id });
    await createProduct({ categoryId: sub.id });
    await createProduct({ categoryId: second.id, archivedAt: new Date() });
    // Listed in both subcategories: counts once for the room.
    await db.insert(productCategories).values({ productId: a.id, categoryId: second.id });
    const admin = { id: 1, userName: 'admin', email: 'admin@example.test', isAdmin: true, permissions: ALL_PERMISSIONS } as Parameters<typeof listAdminCategories>[0];
    const tree = await listAdminCategories(admin);
    const shown = tree.find((r) => r.category_id === room.id)!;
    expect(shown.product_count).toBe(2);
    expect(shown.subcategories.map((s) => [s.name, s.product_count])).toEqual([
      [sub.name, 2],
      ['Ottomans', 1],
    ]);
    await expect(listAdminCategories({ ...admin, isAdmin: false })).rejects.toMatchObject({ code: 'forbidden' });
  });
});
