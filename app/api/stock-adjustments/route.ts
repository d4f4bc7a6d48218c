// POST /api/stock-adjustments — receive, write off or count a product's stock at a location (staff with stock.manage)
import { invalidateProductStock } from '@/lib/catalog/read/cache';
import { json, route } from '@/lib/http/route';
import { adjustStock } from '@/lib/stock/admin';
import { stockAdjustmentSchema } from '@/lib/stock/schemas';

/**
 * Body {product_id, location_id, reason: received|damaged|count, quantity (units; a count's figure,
 * 0 allowed), note?}. → 201 {level, change}: one ledger row naming the staff member (none when a
 * count finds the figure right) and an audit row. 400 invalid; 401/403; 404 unknown product or
 * location; 409 an archived location, or taking off more than is available (units held for orders stay).
 */
export const POST = route({ auth: 'admin', body: stockAdjustmentSchema }, async ({ user, body }) => json(await adjustStock(user, body, { afterCommit: invalidateProductStock }), 201));
