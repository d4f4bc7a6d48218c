/**
 * /checkout/{orderId}/return — where Afterpay and Klarna send the shopper back (docs/buying.md
 * "Afterpay and Klarna"). Shows what the webhooks recorded: paid, still processing (the page
 * refreshes itself until the webhook says otherwise), or failed with a way back to checkout.
 * It never marks anything paid, whatever Stripe's query parameters say. Only the order's owner
 * sees it: anyone else's or an unknown order is a 404.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requirePageUser } from '@/lib/auth/current-user';
import { payLaterReturn } from '@/lib/orders/pay-later';
import { AppError } from '@/lib/server/errors';
import { pageId } from '@/lib/storefront/page-id';
import { pageMetadata } from '@/lib/storefront/page-metadata';
import { buttonClasses } from '@/components/ui/button';
import { RefreshWhile } from '@/components/checkout/refresh-while';

export const dynamic = 'force-dynamic';
export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: null, title: 'Payment', noindex: true });

type Props = { params: Promise<{ orderId: string }> };

const TITLES = { paid: 'Payment received', processing: 'Payment processing', failed: 'Payment not completed', closed: 'Order closed' } as const;

export default async function PayLaterReturnPage({ params }: Props) {
  const { orderId } = await params;
  const user = await requirePageUser(`/checkout/${encodeURIComponent(orderId)}/return`);
  const id = pageId(orderId);
  if (id === null) notFound();
  const state = await payLaterReturn(user.id, id).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'not_found') notFound();
    throw e;
  });

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:px-6">
      <div className="rounded-card border border-line bg-surface p-6 sm:p-8" data-testid="pay-later-return" data-state={state.state}>
        <p className="text-sm text-muted">Order #{state.orderId}</p>
        <h1 className="mt-1 font-display text-3xl leading-tight text-ink">{TITLES[state.state]}</h1>
        <p role="status" className="mt-3 text-ink">
          {state.message}
        </p>
        {state.state === 'processing' && <RefreshWhile seconds={3} />}
        <div className="mt-6 flex flex-wrap gap-3">
          {state.state === 'paid' && (
            <Link href={`/order-confirmation?paid=${state.orderId}`} className={buttonClasses('primary', 'md')}>
              View your order
            </Link>
          )}
          {(state.state === 'failed' || state.state === 'processing') && (
            <Link href={`/checkout/${state.orderId}`} className={buttonClasses(state.state === 'failed' ? 'primary' : 'outline', 'md')}>
              {state.state === 'failed' ? 'Choose another way to pay' : 'Back to checkout'}
            </Link>
          )}
          <Link href="/orders" className={buttonClasses('outline', 'md')}>
            Your orders
          </Link>
        </div>
      </div>
    </div>
  );
}
