// PUT /api/delivery/pickup-locations/{id} — change or switch off a pickup location (admin)
import { updatePickup } from '@/lib/delivery/admin';
import { pickupInputSchema } from '@/lib/delivery/admin-schemas';
import { idParams, route } from '@/lib/http/route';

/** Body {name, address, opening_hours, active} → 200 the location; 400 invalid; 401/403; 404 unknown. */
export const PUT = route({ auth: 'admin', params: idParams, body: pickupInputSchema }, ({ user, params, body }) => updatePickup(user, params.id, body));
