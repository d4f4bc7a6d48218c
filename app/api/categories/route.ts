// GET /api/categories — rooms with their subcategories (spec §7 storefront and admin)
import { getCategoryTree } from '@/lib/catalog/queries';
import { PUBLIC_CACHE_HEADERS } from '@/lib/catalog/cache';
import { json, route } from '@/lib/server/route';

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
