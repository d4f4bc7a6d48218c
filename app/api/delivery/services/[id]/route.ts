// PUT /api/delivery/services/{id} — change a delivery service (admin)
// DELETE /api/delivery/services/{id} — delete a delivery service (admin)
import { deleteService, updateService } from '@/lib/delivery/admin';
import { serviceUpdateSchema } from '@/lib/delivery/admin-schemas';
import { idParams, route } from '@/lib/http/route';

/** Body as POST /api/delivery/services without zone_id → 200 the service (orders already placed keep their fee); 400; 401/403; 404 unknown. */
export const PUT = route({ auth: 'admin', params: idParams, body: serviceUpdateSchema }, ({ user, params, body }) => updateService(user, params.id, body));

/** → 200 {message}; past orders keep its name and fee. 401/403; 404 unknown. */
export const DELETE = route({ auth: 'admin', params: idParams }, ({ user, params }) => deleteService(user, params.id));
