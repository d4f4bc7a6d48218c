// PATCH /api/categories/{id} — rename a category or move it to another room (admin)
// DELETE /api/categories/{id} — delete a category nothing is listed in (admin)
import { categoryUpdateSchema } from '@/lib/catalog/admin/category-schema';
import { deleteCategory, updateCategory } from '@/lib/catalog/admin/category-service';
import { idParams, route } from '@/lib/http/route';

/**
 * Body {name?, parent_id?} (at least one; parent_id a room's id, or null to make it a room)
 * → 200 {category_id, id, name, slug, parent_id}. 400 bad input, or the parent is itself, missing
 * or a subcategory; 401/403; 404 unknown; 409 name taken in the destination, or a room with
 * subcategories moved into a room.
 */
export const PATCH = route({ auth: 'admin', params: idParams, body: categoryUpdateSchema }, ({ user, params, body }) => updateCategory(user, params.id, body));

/**
 * → 200 {success, message}; 401/403; 404 unknown; 409 "This category still has N products; move
 * them to another category first." or "This room still has N subcategories; move or delete them first."
 */
export const DELETE = route({ auth: 'admin', params: idParams }, ({ user, params }) => deleteCategory(user, params.id));
