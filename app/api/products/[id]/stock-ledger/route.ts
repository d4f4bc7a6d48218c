// GET /api/products/{id}/stock-ledger — a product's stock history, newest first (staff with stock.manage)
import { idParams, route } from '@/lib/http/route';
import { productStockHistory } from '@/lib/stock/queries';
import { stockLedgerQuerySchema } from '@/lib/stock/schemas';

export const dynamic = 'force-dynamic';

/**
 * ?location_id &page → 200 `{ product, levels, entries, page, totalPages, total }`: the product's
 * levels at each location and its ledger rows, 25 a page, each with when, where, change (units),
 * reason, who, the order, import or other location, and the note. 400; 401; 403 without
 * stock.manage; 404 unknown product.
 */
export const GET = route({ auth: 'admin', params: idParams, query: stockLedgerQuerySchema }, ({ user, params, query }) => productStockHistory(user, params.id, query));
