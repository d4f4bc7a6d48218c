/**
 * /checkout/{orderId}/pay-later — the demo gateway's stand-in for Afterpay's or Klarna's site
 * (docs/buying.md "Afterpay and Klarna"), clearly labelled: approve, decline or abandon. Its answer
 * reaches the shop as Stripe's webhook event would (lib/orders/demo-pay-later.ts). Only while the
 * demo gateway runs, and only for the order's owner (404 otherwise).
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requirePageUser } from '@/lib/auth/current-user';
import { findOwnOrder } from '@/lib/orders/queries';
import { openPayLaterAttempt } from '@/lib/orders/pay-later';
import { cardMode } from '@/lib/payments/config';
import { INSTALMENTS, PAY_LATER_LABELS, instalmentCents, type PayLaterMethod } from '@/lib/payments/pay-later';
import { formatMoney } from '@/lib/money';
import { pageId } from '@/lib/storefront/page-id';
import { pageMetadata } from '@/lib/storefront/page-metadata';
import { buttonClasses } from '@/components/ui/button';
import { DemoPayLaterAnswer } from '@/components/checkout/demo-pay-later-answer';

export const dynamic = 'force-dynamic';
export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: null, title: 'Demo pay later', noindex: true });

type Props = { params: Promise<{ orderId: string }> };

export default async function DemoPayLaterPage({ params }: Props) {
  const { orderId } = await params;
  const user = await requirePageUser(`/checkout/${encodeURIComponent(orderId)}/pay-later`);
  const id = pageId(orderId);
  if (id === null || cardMode() !== 'demo') notFound();
  const order = await findOwnOrder(user.id, id);
  if (!order) notFound();
  const attempt = await openPayLaterAttempt(order.order_id);
  const label = attempt ? (PAY_LATER_LABELS[attempt.methodType as PayLaterMethod] ?? attempt.methodType) : null;

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12 sm:px-6">
      <div className="rounded-card border border-line bg-surface p-6 sm:p-8">
        <p className="mb-3 inline-flex rounded-full bg-[#fbf3e4] px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-warning">Demo — no real payment</p>
        {attempt && label ? (
          <>
            <h1 className="font-display text-2xl leading-tight text-ink">{label}: approve this purchase?</h1>
            <p className="mt-3 text-ink">
              Order #{order.order_id} · {formatMoney(attempt.amount / 100, attempt.currency)}, in {INSTALMENTS} interest-free payments of {formatMoney(instalmentCents(attempt.amount) / 100, attempt.currency)}.
            </p>
            <p className="mt-2 text-sm text-muted">In the live shop {label}&apos;s own site asks this. Approving or declining here sends the shop the same webhook event Stripe would.</p>
            <DemoPayLaterAnswer orderId={order.order_id} label={label} />
          </>
        ) : (
          <>
            <h1 className="font-display text-2xl leading-tight text-ink">Nothing waiting for approval</h1>
            <p className="mt-3 text-muted">There is no Afterpay or Klarna payment waiting for this order.</p>
            <Link href={`/checkout/${order.order_id}/return`} className={buttonClasses('primary', 'md', 'mt-6')}>
              See the payment&apos;s state
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
