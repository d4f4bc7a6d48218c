// PUT /api/brands/{id} — edit a brand {name?, description?} (admin; spec §7 admin)
// DELETE /api/brands/{id} — delete a brand no product uses (admin; spec §7 admin)
import { deleteBrand, updateBrand } from '@/lib/catalog/admin/merchants';
import { idParams, route } from '@/lib/http/route';
import { brandUpdateSchema } from '@/lib/catalog/admin/brand-schema';

/** → 200 {brand_id, name, description}; 400 invalid; 401/403; 404 unknown; 409 name taken. */
export const PUT = route({ auth: 'admin', params: idParams, body: brandUpdateSchema }, ({ user, params, body }) => updateBrand(user, params.id, body));

/** → 200 {success, message}; 401/403; 404 unknown; 409 "This brand is used by N products; reassign them first." */
export const DELETE = route({ auth: 'admin', params: idParams }, ({ user, params }) => deleteBrand(user, params.id));
