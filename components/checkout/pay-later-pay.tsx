'use client';
/**
 * Pay with Afterpay or Klarna at checkout (docs/buying.md "Afterpay and Klarna").
 * With Stripe keys: Stripe's Payment Element, in deferred-intent mode for the order's total and the
 * methods that apply; on Pay, POST /api/payments/pay-later creates the PaymentIntent for the chosen
 * method and stripe.confirmPayment({ redirect: 'if_required' }) sends the shopper to the provider,
 * who sends them back to /checkout/{orderId}/return.
 * Without keys: the shopper picks the method here and goes to the demo approval page.
 * Either way the order is paid by the webhook, never by this page.
 */
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import clsx from 'clsx';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { PaymentsPublicConfig } from '@/lib/payments/config';
import { INSTALMENTS, PAY_LATER_LABELS, instalmentCents, type PayLaterMethod } from '@/lib/payments/pay-later';
import { formatMoney } from '@/lib/money';
import { api, failureText } from '@/lib/api/client';
import { buttonClasses } from '@/components/ui/button';
import { getStripe } from './stripe';

type Props = {
  orderId: number;
  /** The order's total in cents and its currency. */
  amountCents: number;
  currency: string;
  /** The methods that apply to this total (lib/payments/pay-later.ts payLaterMethodsFor). */
  methods: PayLaterMethod[];
  config: Pick<PaymentsPublicConfig, 'cardMode' | 'publicKey'>;
  disabled?: boolean;
};

const instalmentText = (amountCents: number, currency: string) => `${INSTALMENTS} interest-free payments of ${formatMoney(instalmentCents(amountCents) / 100, currency)}`;

/** Demo gateway: choose the method, then the demo approval page plays the provider. */
function DemoPayLater({ orderId, amountCents, currency, methods, disabled }: Omit<Props, 'config'>) {
  const router = useRouter();
  const [method, setMethod] = useState<PayLaterMethod>(methods[0]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function go() {
    setError(null);
    setBusy(true);
    try {
      const started = await api.payments.startPayLater(orderId, method);
      router.push(started.approvalUrl ?? started.returnUrl);
    } catch (e) {
      setBusy(false);
      setError(failureText(e, 'Unable to start the payment. Please try again.'));
    }
  }

  return (
    <div className="space-y-4">
      <fieldset className="space-y-2" disabled={disabled || busy}>
        <legend className="sr-only">Pay later with</legend>
        {methods.map((m) => (
          <label key={m} className={clsx('flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm', method === m ? 'border-brand bg-brand-soft/60' : 'border-line hover:border-brand/50')}>
            <input type="radio" name="pay-later-method" className="size-4 accent-brand" checked={method === m} onChange={() => setMethod(m)} />
            <span className="font-medium text-ink">{PAY_LATER_LABELS[m]}</span>
            <span className="text-muted">{instalmentText(amountCents, currency)}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <button type="button" onClick={() => void go()} disabled={disabled || busy} className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}>
        {busy ? 'Please wait…' : `Continue with ${PAY_LATER_LABELS[method]}`}
      </button>
    </div>
  );
}

/** Stripe's Payment Element, limited to the pay-later methods that apply. */
function StripePayLaterForm({ orderId, methods, disabled }: Pick<Props, 'orderId' | 'methods' | 'disabled'>) {
  const stripe = useStripe();
  const elements = useElements();
  const router = useRouter();
  const [method, setMethod] = useState<PayLaterMethod>(methods[0]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (!stripe || !elements) return setError("Stripe hasn't loaded yet. Please try again.");
    setBusy(true);
    const checked = await elements.submit();
    if (checked.error) {
      setBusy(false);
      return setError(checked.error.message ?? 'Please check your details.');
    }
    let started;
    try {
      started = await api.payments.startPayLater(orderId, method);
    } catch (err) {
      setBusy(false);
      return setError(failureText(err, 'Unable to start the payment. Please try again.'));
    }
    const returnUrl = new URL(started.returnUrl, window.location.origin).toString();
    const result = await stripe.confirmPayment({ elements, clientSecret: started.clientSecret, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
    if (result.error) {
      setBusy(false);
      return setError(result.error.message ?? 'Payment failed. Please try again.');
    }
    // No redirect was needed: the return page waits for the webhook all the same.
    router.push(started.returnUrl);
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Pay later" className="space-y-4">
      <PaymentElement onChange={(e) => (methods as string[]).includes(e.value.type) && setMethod(e.value.type as PayLaterMethod)} />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <button type="submit" disabled={disabled || busy || !stripe} className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}>
        {busy ? 'Please wait…' : `Continue with ${PAY_LATER_LABELS[method]}`}
      </button>
    </form>
  );
}

export function PayLaterPay(props: Props) {
  const { config, amountCents, currency, methods } = props;
  if (config.cardMode === 'demo') return <DemoPayLater {...props} />;
  if (config.cardMode === 'stripe' && config.publicKey) {
    return (
      <Elements stripe={getStripe(config.publicKey)} options={{ mode: 'payment', amount: amountCents, currency: currency.toLowerCase(), allowedPaymentMethodTypes: methods }}>
        <StripePayLaterForm orderId={props.orderId} methods={methods} disabled={props.disabled} />
      </Elements>
    );
  }
  return <p className="text-sm text-muted">Afterpay and Klarna are not available at the moment.</p>;
}
