/**
 * The thank-you for a paid order (spec §4 Payment): every payment, card or PayPal, ends on
 * /order-confirmation?paid={id}. Shows what was bought, where it goes (delivered to the address, or
 * collected from the pickup location) and what happens next; a not-yet-confirmed payment says so.
 */
import Link from 'next/link';
import clsx from 'clsx';
import type { OrderJson } from '@/lib/orders/mappers';
import { buttonClasses } from '@/components/ui/button';
import { OrderSummary, summaryOf } from './order-summary';
import { fulfilmentPlace } from './delivery-details';

export function PaidThankYou({ order }: { order: OrderJson }) {
  const paid = order.payment_status === 'paid';
  const place = fulfilmentPlace(order);
  const collecting = order.delivery?.kind === 'click_collect';
  const c = order.contact;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <section className="rounded-card border border-line bg-surface p-6 sm:p-8" aria-labelledby="thanks-heading">
        <div className={clsx('mb-4 inline-flex size-12 items-center justify-center rounded-full', paid ? 'bg-brand-soft text-brand' : 'bg-[#fbf3e4] text-warning')} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2">
            {paid ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <path d="M12 7v5l3 2M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18z" />}
          </svg>
        </div>
        <h2 id="thanks-heading" className="font-display text-2xl text-ink">
          {paid ? 'Thank you — your payment was received.' : 'We are confirming your payment.'}
        </h2>
        <p className="mt-2 text-muted">
          {paid
            ? `Order #${order.order_id} is paid and we are getting it ready. ${collecting ? 'We will let you know when it is ready to collect.' : 'We will be in touch before delivery.'}`
            : `Order #${order.order_id} is waiting for the payment to be confirmed. This page will show it as paid once it is.`}
        </p>
        <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2">
          {place && (
            <div data-testid="fulfilment-place">
              <dt className="font-medium text-ink">{place.label}</dt>
              <dd className="mt-1 text-muted">
                {place.lines.map((line, i) => (
                  <span key={i} className="block">
                    {line}
                  </span>
                ))}
              </dd>
            </div>
          )}
          {c && (
            <div>
              <dt className="font-medium text-ink">Contact</dt>
              <dd className="mt-1 text-muted">
                {c.first_name} {c.last_name}
                <br />
                {c.phone_number}
                <br />
                {c.email}
              </dd>
            </div>
          )}
        </dl>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link href="/order" className={buttonClasses('primary', 'md')}>
            View your orders
          </Link>
          {!paid && order.can_pay && (
            <Link href={`/checkout/${order.order_id}`} className={buttonClasses('outline', 'md')}>
              Go to payment
            </Link>
          )}
          <Link href="/products" className={buttonClasses('ghost', 'md')}>
            Continue shopping
          </Link>
        </div>
      </section>
      <OrderSummary {...summaryOf(order)} />
    </div>
  );
}
