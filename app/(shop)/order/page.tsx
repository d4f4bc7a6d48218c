/** /order — the customer's orders, or every order for an admin (spec §2 Orders list, "My Orders"). */
import type { Metadata } from 'next';
import { OrdersPage, type OrdersPageProps } from '@/components/orders/orders-page';
import { pageMetadata } from '@/lib/storefront/page-metadata';

export const dynamic = 'force-dynamic';
export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: '/order', title: 'Your orders', noindex: true });

export default function OrderPage(props: OrdersPageProps) {
  return <OrdersPage {...props} path="/order" />;
}
