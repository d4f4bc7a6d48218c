// PUT /api/delivery/zones/{id} — change a delivery zone (admin)
// DELETE /api/delivery/zones/{id} — delete a zone and its services (admin)
import { deleteZone, updateZone } from '@/lib/delivery/admin';
import { zoneInputSchema } from '@/lib/delivery/admin-schemas';
import { idParams, route } from '@/lib/http/route';

/** Body as POST /api/delivery/zones → 200 the zone with its services; 400 invalid; 401/403; 404 unknown. */
export const PUT = route({ auth: 'admin', params: idParams, body: zoneInputSchema }, ({ user, params, body }) => updateZone(user, params.id, body));

/** → 200 {message}; past orders keep the zone's name. 401/403; 404 unknown. */
export const DELETE = route({ auth: 'admin', params: idParams }, ({ user, params }) => deleteZone(user, params.id));
