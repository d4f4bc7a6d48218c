/**
 * /order-confirmation — confirm an order for the selected cart lines (spec §2 Order confirmation).
 * The selection travels in the URL (?items=1,2,3) instead of navigation state; without a valid
 * selection the page redirects to /cart. /order-confirmation?paid={orderId} thanks the customer
 * for a paid order (spec §4 Payment, card payments end here).
 */
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { requirePageUser } from '@/lib/auth/current-user';
import { listCartItems } from '@/lib/cart/queries';
import { findOwnOrder, listDeliveryChoices } from '@/lib/orders/queries';
import { getShopSettings } from '@/lib/settings/queries';
import { parseSelection } from '@/lib/cart/schemas';
import { ConfirmOrder } from '@/components/orders/confirm-order';
import { OrderSummary, summaryOf } from '@/components/orders/order-summary';
import { PaidThankYou } from '@/components/orders/paid-thank-you';
import { PayActions } from '@/components/orders/pay-actions';
import { pageId } from '@/lib/storefront/page-id';
import { pageMetadata } from '@/lib/storefront/page-metadata';

export const dynamic = 'force-dynamic';
type Props = { searchParams: Promise<{ items?: string | string[]; paid?: string | string[]; order?: string | string[] }> };

/** The tab names the step the page shows: confirming, a confirmed order to pay, or the thank-you. */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const sp = await searchParams;
  const title = sp.paid !== undefined ? 'Thank you for your order' : sp.order !== undefined ? 'Order confirmed' : 'Confirm your order';
  return pageMetadata({ path: '/order-confirmation', title, noindex: true });
}

export default async function OrderConfirmationPage({ searchParams }: Props) {
  const sp = await searchParams;
  const query = new URLSearchParams(Object.entries(sp).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : v ? [[k, v]] : [])));
  const user = await requirePageUser(`/order-confirmation${query.size ? `?${query}` : ''}`);

  // A confirmed order (after Confirm, or on reload): pay now or later.
  if (sp.order !== undefined) {
    // An id the database could not hold ("99999999999999999999") is an unknown order.
    const id = pageId(sp.order);
    const order = id === null ? null : await findOwnOrder(user.id, id);
    if (!order || !order.can_pay) redirect('/order');
    return (
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <h1 className="mb-6 font-display text-3xl leading-tight text-ink sm:text-4xl">Order confirmed</h1>
        <div className="mx-auto max-w-xl">
          <OrderSummary {...summaryOf(order)}>
            <p role="status" className="mt-5 rounded-lg bg-brand-soft px-3 py-2 text-sm text-brand-dark">
              Order #{order.order_id} is confirmed. Pay now, or pay later from your orders.
            </p>
            <PayActions orderId={order.order_id} total={order.total_amount} currency={order.currency} />
          </OrderSummary>
        </div>
      </div>
    );
  }

  if (sp.paid !== undefined) {
    const paidId = pageId(sp.paid);
    const order = paidId === null ? null : await findOwnOrder(user.id, paidId);
    if (!order) redirect('/order');
    return (
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <h1 className="mb-6 font-display text-3xl leading-tight text-ink sm:text-4xl">Order confirmation</h1>
        <PaidThankYou order={order} />
      </div>
    );
  }

  const selection = parseSelection(sp.items);
  if (selection.length === 0) redirect('/cart');
  const [items, choices, settings] = await Promise.all([listCartItems(user.id, selection), listDeliveryChoices(user.id), getShopSettings()]);
  if (items.length === 0) redirect('/cart');

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="font-display text-3xl leading-tight text-ink sm:text-4xl">Confirm your order</h1>
      <p className="mb-6 mt-2 text-muted">Choose where it goes and who we should call, then confirm. You can pay now or later.</p>
      <ConfirmOrder
        items={items}
        addresses={choices.addresses}
        contacts={choices.contacts}
        missing={selection.length - items.length}
        email={user.email}
        shipping={{ gstRatePercent: settings.gstRatePercent, pricesIncludeGst: settings.pricesIncludeGst, currency: settings.currency }}
      />
    </div>
  );
}
