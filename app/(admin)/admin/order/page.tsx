/**
 * /admin/order — Order Management (spec §2, §4 Admin order editing): filter by
 * status, search by order number, customer name or e-mail and a date range, the orders table with
 * details, one order edited at a time, item edits, Delete Order, Export CSV of the selection. The
 * page the address asks for (?status, ?q, ?from, ?to, ?page; 10 a page, counted and paged in SQL)
 * is read here, so the table paints at once; later pages and every change go through the REST API
 * (components/orders/admin/order-manager.tsx).
 */
import type { Metadata } from 'next';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { OrderManager } from '@/components/orders/admin/order-manager';
import { LIST_FAILED, readOrderQuery } from '@/components/orders/admin/order-query';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { can } from '@/lib/auth/permissions';
import { listAdminOrders } from '@/lib/orders/edit';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Order Management' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

export default async function OrderManagementPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await requirePageAdmin('/admin/order', 'orders.read');
  const sp = await searchParams;
  const query = readOrderQuery((name) => one(sp[name]));

  let data: [Awaited<ReturnType<typeof listAdminOrders>>, Awaited<ReturnType<typeof getShopSettings>>] | null = null;
  try {
    data = await Promise.all([listAdminOrders(admin, { status: query.status === 'all' ? undefined : query.status, page: query.page, q: query.q || undefined, from: query.from || undefined, to: query.to || undefined }), getShopSettings()]);
  } catch (e) {
    console.error('[admin] order list failed', e);
  }

  return (
    <>
      <AdminPageHeader title="Order Management" description="Follow orders from payment to delivery, adjust items and leave notes for the customer." />
      {data ? (
        <OrderManager initial={data[0]} query={query} currency={data[1].currency} timeZone={data[1].timeZone} may={{ fulfil: can(admin, 'orders.fulfil'), refund: can(admin, 'orders.refund') }} />
      ) : (
        <ErrorBanner messages={[LIST_FAILED]} />
      )}
    </>
  );
}
