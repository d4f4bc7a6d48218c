// PUT /api/suppliers/{id} — edit a supplier {name?, contact_info?} (admin; spec §7 admin)
// DELETE /api/suppliers/{id} — delete a supplier no product uses (admin; spec §7 admin)
import { deleteSupplier, updateSupplier } from '@/lib/catalog/admin/merchants';
import { idParams, route } from '@/lib/http/route';
import { supplierUpdateSchema } from '@/lib/catalog/admin/supplier-schema';

/** → 200 {supplier_id, name, contact_info}; 400 invalid; 401/403; 404 unknown; 409 name taken. */
export const PUT = route({ auth: 'admin', params: idParams, body: supplierUpdateSchema }, ({ user, params, body }) => updateSupplier(user, params.id, body));

/** → 200 {success, message}; 401/403; 404 unknown; 409 "This supplier is used by N products; reassign them first." */
export const DELETE = route({ auth: 'admin', params: idParams }, ({ user, params }) => deleteSupplier(user, params.id));
