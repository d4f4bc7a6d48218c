'use client';
/**
 * Enter a card (spec §2 Checkout "adding a card", §5 Payment method; docs/architecture.md "Card fields").
 * With Stripe keys: Stripe's card Element collects the card and creates a PaymentMethod in the
 * browser — in the profile only; checkout pays new cards through the Payment Element
 * (payment-element-pay.tsx). Without keys: the clearly labelled demo form maps Stripe's public test
 * card numbers to their test PaymentMethod ids here in the browser. Either way only a pm_… id leaves
 * the browser — never a card number. In the profile the card is saved (POST
 * /api/payments/methods/add); at checkout (`onPay`, demo form) it pays the order and is saved only
 * when the shopper ticks "Save this card for next time" and the payment succeeds (docs/buying.md "Card").
 */
import { useEffect, useState } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import type { PaymentsPublicConfig } from '@/lib/payments/config';
import type { PaymentMethodJson } from '@/lib/payments/methods';
import { DEMO_CARD_HELP, testPaymentMethodFor } from '@/lib/payments/test-cards';
import { newCardSchema } from '@/lib/payments/schemas';
import { ApiError, api, failureText, serverMessage } from '@/lib/api/client';
import { buttonClasses } from '@/components/ui/button';
import { inputClass } from '@/components/auth/field';
import { getStripe } from './stripe';

export type CardEntryProps = {
  config: Pick<PaymentsPublicConfig, 'cardMode' | 'publicKey'>;
  /** Profile: the card was saved. */
  onAdded?: (method: PaymentMethodJson) => void;
  /**
   * Checkout, demo form only: pay with the card entered (`save`: the shopper's "Save this card for next time").
   * Resolves true when it was paid (the form then clears), false when the payment failed.
   */
  onPay?: (paymentMethod: string, save: boolean) => Promise<boolean>;
  /** Checkout: the form is locked (a payment is running or done). */
  disabled?: boolean;
  submitLabel?: string;
  /** Shown when saving fails for a reason other than the card itself (default §8 Checkout wording). */
  failureMessage?: string;
};

const ADD_FAILED = 'An error occurred while adding the payment method.';

async function saveCard(pm: string, failureMessage = ADD_FAILED): Promise<{ method: PaymentMethodJson } | { error: string }> {
  try {
    return { method: (await api.payments.addMethod({ payment_type: 'credit_card', stripe_payment_method_id: pm })).paymentMethod };
  } catch (e) {
    return { error: (e instanceof ApiError && e.status === 400 && serverMessage(e)) || failureText(e, failureMessage) };
  }
}

type DemoValues = { card_number: string; card_expiry_month: string; card_expiry_year: string; card_cvv: string };

/** Checkout's choice to keep the card: off until the shopper ticks it (`hint`: a line added to its explanation). */
export function SaveCardChoice({ checked, onChange, disabled, hint }: { checked: boolean; onChange: (v: boolean) => void; disabled?: boolean; hint?: string }) {
  return (
    <label className="flex items-start gap-2.5 text-sm text-ink">
      <input type="checkbox" className="mt-0.5 size-4 accent-brand" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>
        Save this card for next time
        <span className="block text-muted">Kept only if this payment goes through. We store the brand and last four digits, never the number.{hint ? ` ${hint}` : ''}</span>
      </span>
    </label>
  );
}

/** Saves (profile) or pays with (checkout) the PaymentMethod made in the browser; the error to show, or null. */
async function applyCard(pm: string, props: Omit<CardEntryProps, 'config'>, save: boolean): Promise<string | null | 'failed'> {
  if (props.onPay) return (await props.onPay(pm, save)) ? null : 'failed';
  const result = await saveCard(pm, props.failureMessage);
  if ('error' in result) return result.error;
  props.onAdded?.(result.method);
  return null;
}

/** Demo payments: the card form that never sends the number anywhere. */
function DemoCardForm(props: Omit<CardEntryProps, 'config'>) {
  const { submitLabel, onPay, disabled } = props;
  const [serverError, setServerError] = useState<string | null>(null);
  const [keep, setKeep] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DemoValues>({
    resolver: zodResolver(newCardSchema) as unknown as Resolver<DemoValues>,
    defaultValues: { card_number: '', card_expiry_month: '', card_expiry_year: '', card_cvv: '' },
  });

  async function submit(values: DemoValues) {
    setServerError(null);
    const pm = testPaymentMethodFor(values.card_number);
    if (!pm) {
      setError('card_number', { message: "Demo payments accept Stripe's test cards only, e.g. 4242 4242 4242 4242." });
      return;
    }
    const outcome = await applyCard(pm, props, keep);
    if (outcome === 'failed') return;
    if (outcome) return setServerError(outcome);
    reset();
  }

  const input = (name: keyof DemoValues, label: string, props: React.InputHTMLAttributes<HTMLInputElement>, className?: string) => (
    <div className={className}>
      <label htmlFor={`demo-${name}`} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <input id={`demo-${name}`} className={inputClass} aria-invalid={errors[name] ? true : undefined} {...props} {...register(name)} />
      {errors[name] && <p className="mt-1 text-sm text-danger">{errors[name]?.message}</p>}
    </div>
  );

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={onPay ? 'Pay with a new card' : 'Add a card'} className="space-y-4" data-testid="demo-card-form">
      <div className="rounded-lg border border-warning/30 bg-[#fbf3e4] px-4 py-3 text-sm text-ink">
        <p className="font-semibold">Demo payments — no real charge</p>
        <p className="mt-1 text-muted">{DEMO_CARD_HELP.replace('Demo payments — no real charge. ', '')}</p>
      </div>
      <div className="grid grid-cols-3 gap-3">
        {input('card_number', 'Card number', { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242', maxLength: 19 }, 'col-span-3')}
        {input('card_expiry_month', 'Expiry month', { inputMode: 'numeric', autoComplete: 'cc-exp-month', placeholder: 'MM', maxLength: 2 })}
        {input('card_expiry_year', 'Expiry year', { inputMode: 'numeric', autoComplete: 'cc-exp-year', placeholder: 'YYYY', maxLength: 4 })}
        {input('card_cvv', 'CVV', { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 })}
      </div>
      {onPay && <SaveCardChoice checked={keep} onChange={setKeep} disabled={disabled || isSubmitting} />}
      {serverError && (
        <p role="alert" className="text-sm text-danger">
          {serverError}
        </p>
      )}
      <button type="submit" disabled={disabled || isSubmitting} className={buttonClasses(onPay ? 'primary' : 'secondary', onPay ? 'lg' : 'md', onPay && 'w-full sm:w-auto')}>
        {isSubmitting ? (onPay ? 'Processing payment…' : 'Adding card…') : (submitLabel ?? 'Add card')}
      </button>
    </form>
  );
}

/** Stripe's card Element, to save a card in the profile: the card field lives in Stripe's iframe. */
function StripeCardForm(props: Omit<CardEntryProps, 'config' | 'onPay'>) {
  const { submitLabel, failureMessage } = props;
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return setError("Stripe hasn't loaded yet. Please try again.");
    setBusy(true);
    const { paymentMethod, error: stripeError } = await stripe.createPaymentMethod({ type: 'card', card });
    if (stripeError || !paymentMethod) {
      setBusy(false);
      return setError(stripeError?.message ?? failureMessage ?? ADD_FAILED);
    }
    const outcome = await applyCard(paymentMethod.id, props, false);
    setBusy(false);
    if (outcome) return setError(outcome);
    card.clear();
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add a card" className="space-y-4">
      <div className="rounded-lg border border-line bg-surface px-3 py-3.5">
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: '#1e2420', '::placeholder': { color: '#5c6660' } }, invalid: { color: '#b3261e' } } }} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy || !stripe} className={buttonClasses('secondary', 'md')}>
        {busy ? 'Adding card…' : (submitLabel ?? 'Add card')}
      </button>
    </form>
  );
}

export function CardEntry({ config, ...props }: CardEntryProps) {
  // Rendered only after hydration: without JavaScript the demo form could otherwise be submitted
  // natively, putting a card number into a URL.
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-time "hydrated" flag
  useEffect(() => setMounted(true), []);
  if (!mounted) return <div className={clsx('h-40 animate-pulse rounded-lg bg-canvas')} aria-hidden="true" />;
  if (config.cardMode === 'demo') return <DemoCardForm {...props} />;
  if (config.cardMode === 'stripe' && config.publicKey) {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- checkout pays with the Payment Element instead
    const { onPay, ...profile } = props;
    return (
      <Elements stripe={getStripe(config.publicKey)}>
        <StripeCardForm {...profile} />
      </Elements>
    );
  }
  return (
    <p role="alert" className="text-sm text-danger">
      Payment system configuration failed. Please contact support.
    </p>
  );
}
