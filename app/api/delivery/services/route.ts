// POST /api/delivery/services — add a delivery service to a zone (admin)
import { createService } from '@/lib/delivery/admin';
import { serviceCreateSchema } from '@/lib/delivery/admin-schemas';
import { json, route } from '@/lib/http/route';

/**
 * Body {zone_id, kind, name, fee, bulky_surcharge?, free_over? (null: never free), lead_days,
 * weekdays [1–7], pickup_location_id (click & collect), active} in dollars → 201 the service;
 * 400 invalid, unknown zone or pickup location; 401/403.
 */
export const POST = route({ auth: 'admin', body: serviceCreateSchema }, async ({ user, body }) => json(await createService(user, body), 201));
