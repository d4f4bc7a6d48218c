/** /orders — alias of /order (spec §2 "Orders list (/order or /orders)"). */
import type { Metadata } from 'next';
import { OrdersPage, type OrdersPageProps } from '@/components/orders/orders-page';
import { pageMetadata } from '@/lib/storefront/page-metadata';

export const dynamic = 'force-dynamic';
export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: '/orders', title: 'Your orders', noindex: true });

export default function OrdersAliasPage(props: OrdersPageProps) {
  return <OrdersPage {...props} path="/orders" />;
}
