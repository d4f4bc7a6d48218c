/** /order — the customer's orders, or every order for an admin (spec §2 Orders list, "My Orders"). */
import type { Metadata } from 'next';
import { OrdersPage, type OrdersPageProps } from '@/components/orders/orders-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your orders', robots: { index: false } };

export default function OrderPage(props: OrdersPageProps) {
  return <OrdersPage {...props} path="/order" />;
}
