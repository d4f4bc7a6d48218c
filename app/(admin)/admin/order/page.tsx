/**
 * /admin/order — Order Management (spec §2, §4 Admin order editing): filter by status, the orders
 * table with details, one order edited at a time, item edits, Delete Order. The list is read on the
 * server (?status, ?page; 10 a page); edits go through the REST API (order-manager.tsx).
 */
import type { Metadata } from 'next';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { ORDER_STATUSES, type OrderStatus } from '@/db/schema';
import { listAdminOrders } from '@/lib/orders/edit';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { getShopSettings, type ShopSettings } from '@/lib/settings/queries';
import { OrderManager } from './order-manager';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Order Management' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OrderManagementPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageAdmin('/admin/order');
  const sp = await searchParams;
  const rawStatus = typeof sp.status === 'string' ? sp.status : undefined;
  const status = ORDER_STATUSES.includes(rawStatus as OrderStatus) ? (rawStatus as OrderStatus) : undefined;
  const page = Math.max(1, Number.parseInt(typeof sp.page === 'string' ? sp.page : '1', 10) || 1);

  let data: [Awaited<ReturnType<typeof listAdminOrders>>, ShopSettings] | null = null;
  try {
    data = await Promise.all([listAdminOrders({ status, page }), getShopSettings()]);
  } catch (e) {
    console.error('[admin] order list failed', e);
  }

  return (
    <>
      <AdminPageHeader title="Order Management" description="Follow orders from payment to delivery, adjust items and leave notes for the customer." />
      {data ? (
        <OrderManager
          orders={data[0].orders}
          currentPage={data[0].currentPage}
          totalPages={data[0].totalPages}
          total={data[0].total}
          status={status ?? 'all'}
          currency={data[1].currency}
          timeZone={data[1].timeZone}
        />
      ) : (
        <ErrorBanner messages={['Failed to fetch orders. Please try again later.']} />
      )}
    </>
  );
}
