// GET /api/delivery/zones — zones, services and pickup locations (admin)
// POST /api/delivery/zones — add a delivery zone (admin)
import { createZone, getDeliverySetup } from '@/lib/delivery/admin';
import { zoneInputSchema } from '@/lib/delivery/admin-schemas';
import { json, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** → 200 {zones: [{zone_id, name, postcode_ranges [{from, to}], postcodes, served, sort_order, services [...]}], pickup_locations [...]}; 401/403. */
export const GET = route({ auth: 'admin' }, ({ user }) => getDeliverySetup(user));

/** Body {name, postcode_ranges [{from, to}], postcodes [..], served, sort_order?} (four-digit postcodes) → 201 the zone; 400 invalid; 401/403. */
export const POST = route({ auth: 'admin', body: zoneInputSchema }, async ({ user, body }) => json(await createZone(user, body), 201));
