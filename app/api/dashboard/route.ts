// GET /api/dashboard — the back-office dashboard figures (spec §7 admin, §3 Dashboard data)
import { getDashboard } from '@/lib/finance/dashboard';
import { route } from '@/lib/server/route';

export const dynamic = 'force-dynamic';

/**
 * Admin only. → 200 { summary: {dailySales (dollars), dailyOrders, totalProducts, totalUsers},
 * toBeProcessed: {pendingPayment, pendingShipment, pendingReceipt, pendingResolution, refunds},
 * salesData: [{date 'YYYY-MM-DD', sales (dollars)}] × 28 (oldest first, empty days 0),
 * hotProducts: [{name, category, sales (units)}] ≤ 10, currency, timeZone, today }.
 * 401 visitor, 403 customer.
 */
export const GET = route({ auth: 'admin' }, () => getDashboard());
