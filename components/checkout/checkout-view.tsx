'use client';
/**
 * Checkout for one order (spec §2 Checkout, §4 Payment, §8 Checkout; docs/buying.md "Payments"): the
 * order summary, saved cards, a new card (kept only when the shopper ticks "Save this card for next
 * time" and the payment succeeds), Afterpay and Klarna (paid by the webhook, the shopper comes back to
 * /checkout/{id}/return), PayPal, and the Error panel. With Stripe keys a new card, Afterpay and
 * Klarna are one Stripe Payment Element (payment-element-pay.tsx); with the demo gateway they are the
 * demo card form and the demo pay-later choice (pay-later-pay.tsx). A saved card (or a demo card) is
 * POST /api/payments/submit; when the bank asks for 3-D Secure, Stripe.js handles the next action
 * (or the demo dialog does) and POST /api/payments/confirm records the outcome. Success says
 * "Payment successful!" and, card or PayPal alike, goes to the order's thank-you page,
 * /order-confirmation?paid={id}. The summary says where the order goes: delivered to the address,
 * or collected from the pickup location for click & collect.
 */
import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import clsx from 'clsx';
import { toast } from 'sonner';
import type { OrderJson } from '@/lib/orders/mappers';
import type { PaymentsPublicConfig } from '@/lib/payments/config';
import type { PaymentMethodJson } from '@/lib/payments/methods';
import { formatMoney, toCents } from '@/lib/money';
import { PAY_LATER_LABELS, payLaterMethodsFor, type PayLaterSwitches } from '@/lib/payments/pay-later';
import { ApiError, api, serverMessage } from '@/lib/api/client';
import { buttonClasses } from '@/components/ui/button';
import { OrderSummary, summaryOf } from '@/components/orders/order-summary';
import { fulfilmentPlace } from '@/components/orders/delivery-details';
import { CardEntry } from './card-entry';
import { DemoDialog } from './demo-dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PaypalPay } from './paypal-pay';
import { PayLaterLine } from './pay-later-line';
import { PayLaterPay } from './pay-later-pay';
import { PaymentElementPay } from './payment-element-pay';
import { getStripe } from './stripe';

type Outcome = Awaited<ReturnType<typeof api.payments.submit>>;

const brandName = (b: string | null) => (b ? ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' } as Record<string, string>)[b] ?? b.charAt(0).toUpperCase() + b.slice(1) : 'Card');

/** What a failed payment call says: the server's message for a 4xx or a provider (502) failure, else a general line. */
function failureMessage(e: unknown): string {
  const status = e instanceof ApiError ? e.status : undefined;
  const message = serverMessage(e);
  if (status === 0) return 'Unable to process payment. Please try again later.';
  if (status === 402) return message ?? 'Payment failed. Please try again.';
  if (status !== undefined && status >= 400 && status < 500 && message) return message;
  if (status === 502 && message) return message;
  return 'An unexpected error occurred. Please try again.';
}

/**
 * @param payLater which pay-later methods are switched on (the Afterpay and Klarna section shows
 *   those within their limits for this order's total; lib/payments/pay-later.ts)
 */
export function CheckoutView({ order, methods, config, payLater }: { order: OrderJson; methods: PaymentMethodJson[]; config: PaymentsPublicConfig; payLater: PayLaterSwitches }) {
  const router = useRouter();
  const cards = methods.filter((m) => m.payment_type === 'credit_card');
  const savedPaypal = methods.filter((m) => m.payment_type === 'paypal');
  const [selected, setSelected] = useState<number | null>(cards.find((m) => m.is_default)?.payment_method_id ?? cards[0]?.payment_method_id ?? null);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const [fatal, setFatal] = useState<string | null>(null);
  const [demoAuth, setDemoAuth] = useState(false);
  const [showAdd, setShowAdd] = useState(cards.length === 0);

  const cardsUnavailable = config.cardMode === 'unavailable' || (config.cardMode === 'stripe' && !config.publicKey);
  const totalCents = toCents(order.total_amount);
  const payLaterMethods = cardsUnavailable ? [] : payLaterMethodsFor(totalCents, order.currency, payLater);
  // With Stripe keys a new card, Afterpay and Klarna are one Payment Element in the card section.
  const stripeKey = config.cardMode === 'stripe' ? config.publicKey : null;
  const ways = ['card', ...payLaterMethods.map((m) => PAY_LATER_LABELS[m])];
  const elementWays = ways.length > 1 ? `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}` : 'card';

  function paid(to: string) {
    setSuccess(true);
    setError(null);
    toast.success('Payment successful!');
    router.push(to);
  }

  /**
   * Pays through `call` (submit, confirm after 3-D Secure, or the demo's authentication) and acts on
   * the outcome. @returns true when the order is paid.
   */
  async function settle(call: () => Promise<Outcome>): Promise<boolean> {
    let outcome: Outcome;
    try {
      outcome = await call();
    } catch (e) {
      setPaying(false);
      setError(failureMessage(e));
      return false;
    }
    if (outcome.success) {
      paid(`/order-confirmation?paid=${order.order_id}`);
      return true;
    }
    if (outcome.requiresAction) {
      if (config.cardMode === 'demo') {
        setDemoAuth(true);
        return false;
      }
      const stripe = config.publicKey ? await getStripe(config.publicKey) : null;
      if (!stripe) {
        setPaying(false);
        setError("Stripe hasn't loaded yet. Please try again.");
        return false;
      }
      const action = await stripe.handleNextAction({ clientSecret: outcome.clientSecret ?? '' });
      if (action.error) {
        setPaying(false);
        setError(action.error.message ?? 'Payment failed. Please try again.');
        return false;
      }
      return settle(() => api.payments.confirm(order.order_id));
    }
    // Still processing at the provider: the webhook will mark it paid.
    setPaying(false);
    setError(outcome.message ?? 'Your payment is being processed.');
    return false;
  }

  async function pay() {
    setError(null);
    if (selected === null) return setError('Please choose a card or enter a new one.');
    setPaying(true);
    await settle(() => api.payments.submit(order.order_id, { paymentMethodId: selected }));
  }

  /** A card just entered: saved to the profile by the server only if `save` and the payment succeeds. */
  async function payWithNewCard(stripePaymentMethodId: string, save: boolean): Promise<boolean> {
    setError(null);
    setPaying(true);
    return settle(() => api.payments.submit(order.order_id, { stripePaymentMethodId, saveCard: save }));
  }

  async function finishDemoAuth(outcome: 'complete' | 'fail') {
    setDemoAuth(false);
    await settle(() => api.payments.demoAuthenticate(order.order_id, outcome));
  }

  if (fatal) return <ErrorPanel message={fatal} />;

  const place = fulfilmentPlace(order);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="min-w-0 space-y-6">
        {success && (
          <p role="status" className="rounded-lg bg-brand-soft px-4 py-3 font-medium text-brand-dark">
            Payment successful!
          </p>
        )}

        <section aria-labelledby="card-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="card-heading" className="font-display text-xl text-ink">
              {stripeKey ? `Pay by ${elementWays}` : 'Pay by card'}
            </h2>
            {config.demo && <span className="rounded-full bg-[#fbf3e4] px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-warning">Demo payments — no real charge</span>}
          </div>

          {stripeKey && payLaterMethods.length > 0 && <PayLaterLine amountCents={totalCents} currency={order.currency} switches={payLater} className="mt-1" />}
          {cardsUnavailable ? (
            <p role="alert" className="mt-4 text-sm text-danger">
              Payment system configuration failed. Please contact support.
            </p>
          ) : (
            <>
              {cards.length > 0 && !showAdd && (
                <fieldset className="mt-4 space-y-2" disabled={paying || success}>
                  <legend className="mb-2 text-sm font-medium text-muted">Saved cards</legend>
                  {cards.map((m) => (
                    <label key={m.payment_method_id} className={clsx('flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm', selected === m.payment_method_id ? 'border-brand bg-brand-soft/60' : 'border-line hover:border-brand/50')}>
                      <input type="radio" name="payment-method" className="size-4 accent-brand" checked={selected === m.payment_method_id} onChange={() => setSelected(m.payment_method_id)} />
                      <span className="font-medium text-ink">
                        {brandName(m.card_brand)} •••• {m.card_last4}
                      </span>
                      {m.card_exp_month && m.card_exp_year && (
                        <span className="text-muted">
                          expires {String(m.card_exp_month).padStart(2, '0')}/{String(m.card_exp_year).slice(-2)}
                        </span>
                      )}
                      {m.is_default && <span className="ml-auto rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-dark">Default</span>}
                    </label>
                  ))}
                </fieldset>
              )}
              {cards.length === 0 && <p className="mb-4 mt-2 text-sm text-muted">Enter your card to pay. You can save it for next time.</p>}

              {cards.length > 0 && (
                <button type="button" className="mt-4 text-sm font-medium text-brand-dark underline-offset-4 hover:underline" aria-expanded={showAdd} disabled={paying || success} onClick={() => (setError(null), setShowAdd((v) => !v))}>
                  {showAdd ? 'Pay with a saved card' : stripeKey ? `Pay with a new ${elementWays}` : 'Pay with a new card'}
                </button>
              )}
              {(showAdd || cards.length === 0) && (
                <div className={clsx(cards.length > 0 && 'mt-4')}>
                  {stripeKey ? (
                    <PaymentElementPay
                      orderId={order.order_id}
                      amountCents={totalCents}
                      currency={order.currency}
                      payLaterMethods={payLaterMethods}
                      publicKey={stripeKey}
                      payLabel={`Pay ${formatMoney(order.total_amount, order.currency)}`}
                      disabled={success}
                      onBusy={(busy) => (setError(null), setPaying(busy))}
                      onPaid={() => paid(`/order-confirmation?paid=${order.order_id}`)}
                    />
                  ) : (
                    <CardEntry config={config} onPay={payWithNewCard} disabled={paying || success} submitLabel={`Pay ${formatMoney(order.total_amount, order.currency)}`} />
                  )}
                </div>
              )}
              {error && (
                <div role="alert" className="mt-4 rounded-lg border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger" data-testid="payment-error">
                  <p className="font-medium">{error}</p>
                  <p className="mt-1 text-danger/80">Your order is saved — you can try again or choose another way to pay.</p>
                </div>
              )}

              {cards.length > 0 && !showAdd && (
                <button type="button" onClick={() => void pay()} disabled={paying || success || selected === null} className={buttonClasses('primary', 'lg', 'mt-6 w-full sm:w-auto')}>
                  {paying ? 'Processing payment…' : `Pay ${formatMoney(order.total_amount, order.currency)}`}
                </button>
              )}
            </>
          )}
        </section>

        {!stripeKey && payLaterMethods.length > 0 && (
          <section aria-labelledby="pay-later-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
            <h2 id="pay-later-heading" className="font-display text-xl text-ink">
              Pay later with {payLaterMethods.map((m) => PAY_LATER_LABELS[m]).join(' or ')}
            </h2>
            <PayLaterLine amountCents={totalCents} currency={order.currency} switches={payLater} className="mt-1" />
            <div className="mt-4">
              <PayLaterPay orderId={order.order_id} amountCents={totalCents} currency={order.currency} methods={payLaterMethods} config={config} disabled={paying || success} />
            </div>
          </section>
        )}

        <section aria-labelledby="paypal-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
          <h2 id="paypal-heading" className="font-display text-xl text-ink">
            Pay with PayPal
          </h2>
          {savedPaypal.length > 0 && <p className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">Saved PayPal: {savedPaypal.map((m) => m.paypal_email).join(', ')}</p>}
          <div className="mt-4">
            {config.paypal.mode === 'unavailable' ? (
              <p className="text-sm text-muted">PayPal is not available at the moment.</p>
            ) : (
              <PaypalPay
                orderId={order.order_id}
                total={order.total_amount}
                currency={order.currency}
                paypal={config.paypal}
                onPaid={() => paid(`/order-confirmation?paid=${order.order_id}`)}
                onError={(m) => (m.startsWith('There was an error processing') ? setFatal(m) : setError(m))}
              />
            )}
          </div>
        </section>

        <Link href="/orders" className="inline-block text-sm text-muted hover:text-ink hover:underline">
          ← Return to Orders
        </Link>
      </div>

      <OrderSummary className="lg:sticky lg:top-28" {...summaryOf(order)}>
        {place && (
          <p className="mt-4 border-t border-line pt-3 text-sm text-muted" data-testid="fulfilment-place">
            <span className="font-medium text-ink">{place.label}</span>
            <br />
            {/* For click & collect the summary's delivery lines above already give the address and hours. */}
            {(order.delivery?.kind === 'click_collect' ? place.lines.slice(0, 1) : place.lines).join(', ')}
          </p>
        )}
      </OrderSummary>

      <DemoDialog
        open={demoAuth}
        title="3-D Secure check"
        description={`Your bank asks you to confirm this payment of ${formatMoney(order.total_amount, order.currency)}. In the live shop your bank shows this step.`}
        confirmLabel="Complete authentication"
        cancelLabel="Fail authentication"
        onConfirm={() => void finishDemoAuth('complete')}
        onCancel={() => void finishDemoAuth('fail')}
      />
    </div>
  );
}
