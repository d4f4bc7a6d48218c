// POST /api/stock-transfers — move units of a product between stock locations (staff with stock.manage)
import { invalidateProductStock } from '@/lib/catalog/read/cache';
import { json, route } from '@/lib/http/route';
import { transferStockBetween } from '@/lib/stock/admin';
import { stockTransferSchema } from '@/lib/stock/schemas';

/**
 * Body {product_id, from_location_id, to_location_id, quantity (units), note?}. → 201 {from, to,
 * quantity}: two `transfer` ledger rows in one transaction, and an audit row. 400 invalid or the
 * same location twice; 401/403; 404 unknown product or location; 409 an archived location, or more
 * than is available at the source (on hand − held for orders) — nothing is written.
 */
export const POST = route({ auth: 'admin', body: stockTransferSchema }, async ({ user, body }) => json(await transferStockBetween(user, body, { afterCommit: invalidateProductStock }), 201));
