// GET /api/categories — rooms with their subcategories (spec §7 storefront and admin)
// POST /api/categories — add a room or a subcategory (admin)
import { getCategoryTree } from '@/lib/catalog/read/queries';
import { PUBLIC_CACHE_HEADERS } from '@/lib/catalog/read/cache';
import { categoryCreateSchema } from '@/lib/catalog/admin/category-schema';
import { createCategory } from '@/lib/catalog/admin/category-service';
import { json, route } from '@/lib/http/route';

/**
 * 200 → [{ category_id, id, name, slug, subcategories: [{ category_id, id, name, slug }] }]
 * (spec §3 Category; `id` repeats category_id for the admin client), in display order.
 */
export const GET = route({ auth: 'public' }, async () => {
  const tree = await getCategoryTree();
  const body = tree.map((c) => ({
    category_id: c.category_id,
    id: c.category_id,
    name: c.name,
    slug: c.slug,
    subcategories: c.subcategories.map((s) => ({ category_id: s.category_id, id: s.category_id, name: s.name, slug: s.slug })),
  }));
  return json(body, 200, { headers: PUBLIC_CACHE_HEADERS });
});

/**
 * Admin only. Body {name, parent_id?} (parent_id: a room's id for a subcategory; absent or null
 * for a room) → 201 {category_id, id, name, slug, parent_id}. 400 bad input or parent not a room;
 * 401/403; 409 a sibling already has that name.
 */
export const POST = route({ auth: 'admin', body: categoryCreateSchema }, async ({ user, body }) => json(await createCategory(user, body), 201));
