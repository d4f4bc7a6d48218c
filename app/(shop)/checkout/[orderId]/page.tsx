/** /checkout/{orderId} — pay one of the customer's orders (spec §2 Checkout). */
import type { Metadata } from 'next';
import { requirePageUser } from '@/lib/auth/current-user';
import { findOwnOrder } from '@/lib/orders/queries';
import { paymentsPublicConfig } from '@/lib/payments/config';
import { listPaymentMethods } from '@/lib/payments/methods';
import { getShopSettings } from '@/lib/settings/queries';
import { CheckoutView } from '@/components/checkout/checkout-view';
import { ErrorPanel } from '@/components/ui/error-panel';
import { pageId } from '@/lib/storefront/page-id';
import { pageMetadata } from '@/lib/storefront/page-metadata';

export const dynamic = 'force-dynamic';
export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: null, title: 'Checkout', noindex: true });

type Props = { params: Promise<{ orderId: string }> };

export default async function CheckoutPage({ params }: Props) {
  const { orderId } = await params;
  const user = await requirePageUser(`/checkout/${encodeURIComponent(orderId)}`);
  // An id that is not one the database could hold ("abc", "99999999999999999999") is an unknown order.
  const id = pageId(orderId);
  const order = id === null ? null : await findOwnOrder(user.id, id);

  let body: React.ReactNode;
  if (!order) body = <ErrorPanel message="Failed to fetch order details. Please try again." />;
  else if (order.payment_status === 'paid') body = <ErrorPanel title="Already paid" message={`Order #${order.order_id} has already been paid. Thank you!`} />;
  else if (!order.can_pay) body = <ErrorPanel message={`Order #${order.order_id} is ${order.status} and can no longer be paid.`} />;
  else body = <CheckoutView order={order} methods={await listPaymentMethods(user.id)} config={paymentsPublicConfig()} payLater={(await getShopSettings()).payLater} />;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="mb-6 font-display text-3xl leading-tight text-ink sm:text-4xl">{order ? `Checkout · Order #${order.order_id}` : 'Checkout'}</h1>
      {body}
    </div>
  );
}
