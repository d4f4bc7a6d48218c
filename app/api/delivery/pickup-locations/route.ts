// POST /api/delivery/pickup-locations — add a click & collect pickup location (admin)
import { createPickup } from '@/lib/delivery/admin';
import { pickupInputSchema } from '@/lib/delivery/admin-schemas';
import { json, route } from '@/lib/http/route';

/** Body {name, address, opening_hours, active} → 201 the location; 400 invalid; 401/403. */
export const POST = route({ auth: 'admin', body: pickupInputSchema }, async ({ user, body }) => json(await createPickup(user, body), 201));
