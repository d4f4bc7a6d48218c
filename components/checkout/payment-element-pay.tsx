'use client';
/**
 * Paying a new card, Afterpay or Klarna at checkout with Stripe keys: one Stripe Payment Element
 * (docs/buying.md "Payments"). It runs in deferred-intent mode for the order's total, offering a card
 * always and the pay-later methods that apply. On Pay, POST /api/payments/intent creates the
 * PaymentIntent (the server decides amount and methods) and
 * stripe.confirmPayment({ redirect: 'if_required' }) confirms it: a card stays on the page and the
 * shop records it through POST /api/payments/confirm; Afterpay, Klarna and a bank's 3-D Secure page
 * send the shopper away and back to /checkout/{orderId}/return, which waits for the webhook.
 * "Save this card for next time" asks the server for setup_future_usage on the card; Elements must
 * be created with the same choice, so ticking it remounts the Element (enter the card after).
 */
import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { ElementMethod, PayLaterMethod } from '@/lib/payments/pay-later';
import { absoluteReturnUrl, elementMethodOf, stepAfterConfirm } from '@/lib/payments/payment-element';
import { api, failureText } from '@/lib/api/client';
import { buttonClasses } from '@/components/ui/button';
import { getStripe } from './stripe';
import { SaveCardChoice } from './card-entry';

type Props = {
  orderId: number;
  /** The order's total in cents and its currency. */
  amountCents: number;
  currency: string;
  /** The pay-later methods that apply to this total (lib/payments/pay-later.ts payLaterMethodsFor). */
  payLaterMethods: PayLaterMethod[];
  publicKey: string;
  /** The Pay button's words, e.g. "Pay $1,299.00". */
  payLabel: string;
  disabled?: boolean;
  /** The payment started (true) or ended without paying (false): the page locks its other ways to pay meanwhile. */
  onBusy: (busy: boolean) => void;
  /** The card was paid on the page: the page says so and goes to the thank-you page. */
  onPaid: () => void;
};

function PaymentElementForm({ orderId, payLabel, disabled, onBusy, onPaid, saveCard, onSaveCard }: Omit<Props, 'amountCents' | 'currency' | 'payLaterMethods' | 'publicKey'> & { saveCard: boolean; onSaveCard: (v: boolean) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const router = useRouter();
  const [method, setMethod] = useState<ElementMethod>('card');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function stop(message: string) {
    setBusy(false);
    onBusy(false);
    setError(message);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (!stripe || !elements) return setError("Stripe hasn't loaded yet. Please try again.");
    setBusy(true);
    onBusy(true);
    const checked = await elements.submit();
    if (checked.error) return stop(checked.error.message ?? 'Please check your details.');
    let started;
    try {
      started = await api.payments.startPaymentElement(orderId, method, method === 'card' && saveCard);
    } catch (err) {
      return stop(failureText(err, 'Unable to start the payment. Please try again.'));
    }
    const result = await stripe.confirmPayment({
      elements,
      clientSecret: started.clientSecret,
      confirmParams: { return_url: absoluteReturnUrl(started.returnUrl, window.location.origin) },
      redirect: 'if_required',
    });
    const step = stepAfterConfirm(result);
    if (step.kind === 'error') return stop(step.message);
    if (step.kind === 'confirm') {
      try {
        // The shop asks Stripe itself; the browser's word is never taken for it.
        if ((await api.payments.confirm(orderId)).success) return onPaid();
      } catch {
        // The webhook settles it: the return page shows when.
      }
    }
    router.push(started.returnUrl);
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Pay with a new card, Afterpay or Klarna" className="space-y-4">
      {method === 'card' && <SaveCardChoice checked={saveCard} onChange={onSaveCard} disabled={disabled || busy} hint="Tick it before entering your card." />}
      <PaymentElement onChange={(e) => setMethod(elementMethodOf(e.value.type))} />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <button type="submit" disabled={disabled || busy || !stripe} className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}>
        {busy ? 'Processing payment…' : method === 'card' ? payLabel : 'Continue'}
      </button>
    </form>
  );
}

export function PaymentElementPay({ amountCents, currency, payLaterMethods, publicKey, ...props }: Props) {
  const [saveCard, setSaveCard] = useState(false);
  // Stripe.js from js.stripe.com could not be loaded (blocked, offline): say so rather than show nothing.
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void getStripe(publicKey).then((stripe) => live && setUnavailable(stripe === null));
    return () => {
      live = false;
    };
  }, [publicKey]);
  if (unavailable) {
    return (
      <p role="alert" className="text-sm text-danger">
        Card, Afterpay and Klarna payments could not be loaded. Please refresh the page, or pay with PayPal.
      </p>
    );
  }
  const options = {
    mode: 'payment' as const,
    amount: amountCents,
    currency: currency.toLowerCase(),
    allowedPaymentMethodTypes: ['card', ...payLaterMethods],
    // Must match the intent the server creates for this choice (lib/orders/pay-later.ts).
    ...(saveCard ? { paymentMethodOptions: { card: { setup_future_usage: 'off_session' as const } } } : {}),
  };
  return (
    <Elements key={saveCard ? 'save' : 'once'} stripe={getStripe(publicKey)} options={options}>
      <PaymentElementForm {...props} saveCard={saveCard} onSaveCard={setSaveCard} />
    </Elements>
  );
}
