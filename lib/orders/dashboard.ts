/**
 * The back-office dashboard from real data (spec §2 Dashboard, §3 Dashboard data,
 * docs/architecture.md "Dashboard to be processed").
 *
 * "Today" and the CHART_DAYS chart days are calendar days in the store's time zone (setting
 * time_zone, default Pacific/Auckland), computed in SQL with AT TIME ZONE, so a sale at 00:30 in Auckland
 * counts for that Auckland day whatever the server's clock zone.
 *
 * Definitions:
 *   - a sale is an order whose payment_status is 'paid' or 'partially_refunded', dated by when it was paid (paid_at, or
 *     the order date if a payment left paid_at empty); its amount is the order total;
 *   - dailyOrders counts every order placed today, whatever its state;
 *   - totalProducts counts products not archived; totalUsers counts customers (not administrators)
 *     whose account is not deactivated;
 *   - toBeProcessed: pendingPayment = still open for the customer (pending and unpaid, the rule of
 *     lib/orders/rules.ts), pendingShipment = processing, pendingReceipt = shipped,
 *     pendingResolution = what waits for an administrator after payment: cancelled
 *     orders still holding the customer's money (paid or partly refunded, no refund under way),
 *     open returns (requested, approved, received) and refunds still pending at the gateway;
 *     refunds = orders with a refund that succeeded (rows of the refunds table);
 *   - hotProducts: units sold in paid orders over the same CHART_DAYS as the chart, top HOT_PRODUCTS.
 *
 * In lib/orders, not lib/finance: nearly every figure is a count of orders by the order rules
 * (openForCustomerSql), and finance stands below orders, which issue its tax documents.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { openForCustomerSql } from '@/lib/orders/queries';
import type { DashboardData } from '@/lib/finance/contracts';
import { toDecimal } from '@/lib/money';
import { getShopSettings } from '@/lib/settings/queries';

export const CHART_DAYS = 28;
export const HOT_PRODUCTS = 10;

/** GET /api/dashboard → this (amounts in decimal dollars of the store currency; lib/finance/contracts.ts). */
export type { DashboardData };

type Rows<T> = { rows: T[] };

async function rows<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as Rows<T>;
  return result.rows;
}

/**
 * Reads every dashboard figure (read-only queries). @throws 401/403 not an administrator.
 */
export async function getDashboard(actor: SessionUser, executor: Executor = db): Promise<DashboardData> {
  authorize(actor, 'orders.read');
  const shop = await getShopSettings(executor);
  const tz = shop.timeZone;
  const zone = sql`${tz}::text`;
  // Local "today" and the first chart day, as dates in the store's zone.
  const today = sql`(now() AT TIME ZONE ${zone})::date`;
  const firstDay = sql`((now() AT TIME ZONE ${zone})::date - ${CHART_DAYS - 1}::int)`;
  // The instant the first chart day began in the store's zone, for index-friendly range filters.
  const windowStart = sql`(${firstDay}::timestamp AT TIME ZONE ${zone})`;
  const saleAt = sql`coalesce(o.paid_at, o.created_at)`;

  const [summary] = await rows<{ today: string; daily_sales: number; daily_orders: number; total_products: number; total_users: number }>(
    executor,
    sql`SELECT
          to_char(${today}, 'YYYY-MM-DD') AS today,
          (SELECT coalesce(sum(o.total_amount), 0)::float8 FROM orders o
             WHERE o.payment_status IN ('paid', 'partially_refunded') AND (${saleAt} AT TIME ZONE ${zone})::date = ${today}) AS daily_sales,
          (SELECT count(*)::int FROM orders o WHERE (o.created_at AT TIME ZONE ${zone})::date = ${today}) AS daily_orders,
          (SELECT count(*)::int FROM products p WHERE p.archived_at IS NULL) AS total_products,
          (SELECT count(*)::int FROM users u WHERE NOT u.is_admin AND u.deactivated_at IS NULL) AS total_users`,
  );

  const [queue] = await rows<Record<'pending_payment' | 'pending_shipment' | 'pending_receipt' | 'pending_resolution' | 'refunds', number>>(
    executor,
    sql`SELECT
          count(*) FILTER (WHERE ${openForCustomerSql()})::int AS pending_payment,
          count(*) FILTER (WHERE status = 'processing')::int AS pending_shipment,
          count(*) FILTER (WHERE status IN ('shipped', 'ready_for_collection'))::int AS pending_receipt,
          (count(*) FILTER (WHERE status = 'cancelled' AND payment_status IN ('paid', 'partially_refunded')
                              AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = orders.id AND r.status = 'pending'))
           + (SELECT count(*) FROM returns WHERE status IN ('requested', 'approved', 'received'))
           + (SELECT count(*) FROM refunds WHERE status = 'pending'))::int AS pending_resolution,
          (SELECT count(DISTINCT order_id) FROM refunds WHERE status = 'succeeded')::int AS refunds
        FROM orders`,
  );

  const sales = await rows<{ date: string; cents: number }>(
    executor,
    sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(sum(o.total_amount), 0)::float8 AS cents
        FROM generate_series(${firstDay}::timestamp, ${today}::timestamp, interval '1 day') AS d(day)
        LEFT JOIN orders o
          ON o.payment_status IN ('paid', 'partially_refunded')
         AND ${saleAt} >= ${windowStart}
         AND (${saleAt} AT TIME ZONE ${zone})::date = d.day::date
        GROUP BY d.day
        ORDER BY d.day`,
  );

  const hot = await rows<{ name: string; category: string | null; units: number }>(
    executor,
    sql`SELECT coalesce(p.name, max(oi.product_name)) AS name, c.name AS category, sum(oi.quantity)::int AS units
        FROM order_items oi
        JOIN orders o ON o.id = oi.order_id
        LEFT JOIN products p ON p.id = oi.product_id
        LEFT JOIN categories c ON c.id = p.category_id
        WHERE o.payment_status IN ('paid', 'partially_refunded') AND ${saleAt} >= ${windowStart}
        GROUP BY oi.product_id, p.name, c.name
        ORDER BY units DESC, name ASC
        LIMIT ${HOT_PRODUCTS}`,
  );

  return {
    summary: {
      dailySales: toDecimal(Number(summary.daily_sales)),
      dailyOrders: Number(summary.daily_orders),
      totalProducts: Number(summary.total_products),
      totalUsers: Number(summary.total_users),
    },
    toBeProcessed: {
      pendingPayment: Number(queue.pending_payment),
      pendingShipment: Number(queue.pending_shipment),
      pendingReceipt: Number(queue.pending_receipt),
      pendingResolution: Number(queue.pending_resolution),
      refunds: Number(queue.refunds),
    },
    salesData: sales.map((r) => ({ date: r.date, sales: toDecimal(Number(r.cents)) })),
    hotProducts: hot.map((r) => ({ name: r.name, category: r.category ?? 'Uncategorised', sales: Number(r.units) })),
    currency: shop.currency,
    timeZone: tz,
    today: summary.today,
  };
}
