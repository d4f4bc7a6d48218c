/** /orders — alias of /order (spec §2 "Orders list (/order or /orders)"). */
import type { Metadata } from 'next';
import { OrdersPage, type OrdersPageProps } from '@/components/orders/orders-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your orders', robots: { index: false } };

export default function OrdersAliasPage(props: OrdersPageProps) {
  return <OrdersPage {...props} path="/orders" />;
}
