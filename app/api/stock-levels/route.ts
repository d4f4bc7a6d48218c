// GET /api/stock-levels — stock by product and location, searched and filtered (staff with stock.manage)
import { route } from '@/lib/http/route';
import { listStockLevels } from '@/lib/stock/queries';
import { stockLevelQuerySchema } from '@/lib/stock/schemas';

export const dynamic = 'force-dynamic';

/**
 * ?q (name or SKU) &location_id &state (all|low|out) &page → 200 `{ items, page, totalPages, total,
 * low_stock_threshold }`, 25 a page by product name; each item a product at a location with on_hand,
 * reserved and available (units). 400 a bad filter; 401; 403 without stock.manage.
 */
export const GET = route({ auth: 'admin', query: stockLevelQuerySchema }, ({ user, query }) => listStockLevels(user, query));
