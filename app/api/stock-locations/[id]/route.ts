// PATCH /api/stock-locations/{id} — edit a stock location; DELETE — archive it (staff with stock.manage)
import { idParams, route } from '@/lib/http/route';
import { archiveStockLocation, updateStockLocation } from '@/lib/stock/locations';
import { stockLocationUpdateSchema } from '@/lib/stock/schemas';

/**
 * Body: any field of POST /api/stock-locations; `zone_ids` replaces the zones, `pickup_location_id:
 * null` stops collection there. → 200 StockLocation; 400; 401/403; 404 unknown location; 409 name
 * taken or pickup location another's.
 */
export const PATCH = route({ auth: 'admin', params: idParams, body: stockLocationUpdateSchema }, ({ user, params, body }) => updateStockLocation(user, params.id, body));

/**
 * Archives the location (never deleted: its ledger stays). → 200 StockLocation (archived: true);
 * 401/403; 404 unknown location; 409 the default location, or one still holding units.
 */
export const DELETE = route({ auth: 'admin', params: idParams }, ({ user, params }) => archiveStockLocation(user, params.id));
