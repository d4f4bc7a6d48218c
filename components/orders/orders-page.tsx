/**
 * The body of /order and /orders (spec §2 Orders list): the customer's orders, or every order for an
 * admin, first page rendered on the server (10 a page), then paged in the browser.
 */
import { requirePageUser } from '@/lib/auth/current-user';
import { listOrders } from '@/lib/orders/queries';
import { getShopSettings } from '@/lib/settings/queries';
import { OrdersView, PAGE_SIZE } from './orders-view';

export type OrdersPageProps = { searchParams: Promise<{ page?: string | string[] }> };

export async function OrdersPage({ searchParams, path }: OrdersPageProps & { path: string }) {
  const sp = await searchParams;
  const user = await requirePageUser(path);
  const requested = Number(Array.isArray(sp.page) ? sp.page[0] : sp.page);
  let page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const settings = await getShopSettings();
  let result = await listOrders(user, { page, limit: PAGE_SIZE });
  if (result.orders.length === 0 && page > result.totalPages) {
    page = result.totalPages;
    result = await listOrders(user, { page, limit: PAGE_SIZE });
  }
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="font-display text-3xl leading-tight text-ink sm:text-4xl">{user.isAdmin ? 'All Orders' : 'Your Orders'}</h1>
      <p className="mb-6 mt-2 text-muted">{user.isAdmin ? 'Every order in the shop, newest first.' : 'Newest first. Pending orders can be paid or cancelled here.'}</p>
      <OrdersView key={page} isAdmin={user.isAdmin} timeZone={settings.timeZone} initial={{ orders: result.orders, page: result.page, total: result.total, totalPages: result.totalPages }} />
    </div>
  );
}
