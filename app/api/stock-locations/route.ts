// GET /api/stock-locations — every stock location; POST — create one (staff with stock.manage)
import { json, route } from '@/lib/http/route';
import { createStockLocation } from '@/lib/stock/locations';
import { listStockLocations } from '@/lib/stock/queries';
import { stockLocationCreateSchema } from '@/lib/stock/schemas';

export const dynamic = 'force-dynamic';

/** → 200 [StockLocation], live ones first in their order, archived last, each with its zones and units on hand; 401/403. */
export const GET = route({ auth: 'admin' }, ({ user }) => listStockLocations(user));

/**
 * Body {name, kind: warehouse|showroom, address?, postcode? (4 digits), pickup_location_id? (customers
 * may collect there), zone_ids? (zones it ships to), sort_order?}. → 201 StockLocation; 400 invalid or
 * unknown pickup location or zone; 401/403; 409 the name is taken, or the pickup location is another's.
 */
export const POST = route({ auth: 'admin', body: stockLocationCreateSchema }, async ({ user, body }) => json(await createStockLocation(user, body), 201));
