'use client';
/**
 * Pay with Afterpay or Klarna at checkout with the demo gateway (docs/buying.md "Afterpay and
 * Klarna"): the shopper picks the method here, POST /api/payments/pay-later starts the attempt and
 * the demo approval page plays the provider, then /checkout/{orderId}/return shows the outcome.
 * The order is paid by the (demo) webhook, never by this page. With Stripe keys both methods are
 * in the checkout's one Payment Element (payment-element-pay.tsx).
 */
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import clsx from 'clsx';
import type { PaymentsPublicConfig } from '@/lib/payments/config';
import { INSTALMENTS, PAY_LATER_LABELS, instalmentCents, type PayLaterMethod } from '@/lib/payments/pay-later';
import { formatMoney } from '@/lib/money';
import { api, failureText } from '@/lib/api/client';
import { buttonClasses } from '@/components/ui/button';

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

/** With Stripe keys Afterpay and Klarna are in the checkout's one Payment Element (payment-element-pay.tsx) instead. */
export function PayLaterPay(props: Props) {
  if (props.config.cardMode === 'demo') return <DemoPayLater {...props} />;
  return <p className="text-sm text-muted">Afterpay and Klarna are not available at the moment.</p>;
}
