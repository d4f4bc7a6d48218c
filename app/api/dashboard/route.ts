// GET /api/dashboard — the back-office dashboard figures (spec §7 admin, §3 Dashboard data)
import { getDashboard } from '@/lib/orders/dashboard';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/**
 * Admin only. → 200 { summary: {dailySales (dollars), dailyOrders, totalProducts, totalUsers},
 * toBeProcessed: {pendingPayment, pendingShipment, pendingReceipt, pendingResolution, refunds},
 * salesData: [{date 'YYYY-MM-DD', sales (dollars)}] × CHART_DAYS (oldest first, empty days 0),
 * hotProducts: [{name, category, sales (units)}] ≤ HOT_PRODUCTS, currency, timeZone, today }.
 * 401 visitor, 403 customer.
 */
export const GET = route({ auth: 'admin' }, ({ user }) => getDashboard(user));
