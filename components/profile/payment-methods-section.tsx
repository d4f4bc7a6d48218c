'use client';
/**
 * Profile → Payment Methods (spec §2 Profile, §3 Payment method, §5 Payment method, §8 Profile):
 * the saved cards and PayPal accounts, adding a card (Stripe Elements or the labelled demo form —
 * the same input as the checkout) or a PayPal email, choosing the default (the card checkout
 * preselects), and removing one after confirmation. Calls GET /api/payments/methods,
 * POST /api/payments/methods/add, PATCH and DELETE /api/payments/methods/{id} and GET /api/stripe-key.
 */
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import type { PaymentsPublicConfig } from '@/lib/payments/config';
import type { PaymentMethodJson } from '@/lib/payments/methods';
import { paypalEmailSchema } from '@/lib/payments/schemas';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { buttonClasses } from '@/components/ui/button';
import { inputClass } from '@/components/auth/field';
import { CardEntry } from '@/components/checkout/card-entry';
import { dangerLinkButton, linkButton } from './section';
import { api, failureText } from '@/lib/api/client';

type Message = { kind: 'success' | 'error'; text: string } | null;

const ADDED = 'New payment method added successfully!';
const ADD_FAILED = 'Failed to add new payment method. Please try again.';
const brandName = (b: string | null) => (b ? ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' } as Record<string, string>)[b] ?? b.charAt(0).toUpperCase() + b.slice(1) : 'Card');
const describe = (m: PaymentMethodJson) => (m.payment_type === 'paypal' ? `PayPal — ${m.paypal_email}` : `${brandName(m.card_brand)} •••• ${m.card_last4}`);

function PaypalForm({ onSaved }: { onSaved: (m: PaymentMethodJson | null, error?: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ paypal_email: string }>({ resolver: zodResolver(paypalEmailSchema) as unknown as Resolver<{ paypal_email: string }>, defaultValues: { paypal_email: '' } });

  async function submit(values: { paypal_email: string }) {
    try {
      onSaved((await api.payments.addMethod({ payment_type: 'paypal', paypal_email: values.paypal_email })).paymentMethod);
    } catch (e) {
      onSaved(null, failureText(e, ADD_FAILED));
    }
  }

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Add a PayPal account" className="space-y-3">
      <div>
        <label htmlFor="paypal_email" className="mb-1 block text-sm font-medium text-ink">
          PayPal email
        </label>
        <input id="paypal_email" type="email" autoComplete="email" className={inputClass} aria-invalid={errors.paypal_email ? true : undefined} {...register('paypal_email')} />
        {errors.paypal_email && <p className="mt-1 text-sm text-danger">{errors.paypal_email.message}</p>}
      </div>
      <button type="submit" className={buttonClasses('secondary', 'md')} disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Add PayPal'}
      </button>
    </form>
  );
}

export function PaymentMethodsSection() {
  const [methods, setMethods] = useState<PaymentMethodJson[] | null>(null);
  const [config, setConfig] = useState<PaymentsPublicConfig | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [adding, setAdding] = useState<'credit_card' | 'paypal' | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [message, setMessage] = useState<Message>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      // The saved methods decide what shows; without the card settings only adding a card fails.
      const [list, key] = await Promise.allSettled([api.payments.methods(), api.payments.config()]);
      if (!live) return;
      if (list.status === 'rejected') return setLoadError(failureText(list.reason, 'Failed to load payment methods. Please try again.'));
      setMethods(list.value);
      if (key.status === 'fulfilled') setConfig(key.value);
    })();
    return () => {
      live = false;
    };
  }, []);

  function added(m: PaymentMethodJson) {
    setMethods((list) => {
      const rest = (list ?? []).filter((x) => x.payment_method_id !== m.payment_method_id);
      return [...(m.is_default ? rest.map((x) => ({ ...x, is_default: false })) : rest), m];
    });
    setAdding(null);
    setMessage({ kind: 'success', text: ADDED });
  }

  async function makeDefault(m: PaymentMethodJson) {
    setMessage(null);
    setBusyId(m.payment_method_id);
    try {
      await api.payments.setDefault(m.payment_method_id);
    } catch (e) {
      return setMessage({ kind: 'error', text: failureText(e, 'Failed to change the default payment method. Please try again.') });
    } finally {
      setBusyId(null);
    }
    setMethods((list) => (list ?? []).map((x) => ({ ...x, is_default: x.payment_method_id === m.payment_method_id })));
    setMessage({ kind: 'success', text: `${describe(m)} is now your default.` });
  }

  async function remove(m: PaymentMethodJson) {
    setMessage(null);
    setBusyId(m.payment_method_id);
    try {
      await api.payments.removeMethod(m.payment_method_id);
    } catch (e) {
      return setMessage({ kind: 'error', text: failureText(e, 'Failed to remove payment method. Please try again.') });
    } finally {
      setBusyId(null);
    }
    const rest = await api.payments.methods().catch(() => null);
    setMethods(rest ?? ((prev) => (prev ?? []).filter((x) => x.payment_method_id !== m.payment_method_id)));
    setMessage({ kind: 'success', text: 'Payment method removed successfully!' });
  }

  return (
    <section aria-labelledby="payment-methods-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="payment-methods-heading" className="text-lg font-semibold text-ink">
            Payment Methods
          </h2>
          <p className="mt-1 text-sm text-muted">Cards and PayPal accounts for faster checkout. We keep only the card brand and last four digits.</p>
        </div>
        {methods && !adding && (
          <button type="button" className={buttonClasses('outline', 'sm')} onClick={() => (setMessage(null), setAdding('credit_card'))}>
            Add payment method
          </button>
        )}
      </div>

      <div className="mt-5 space-y-4">
        {loadError && (
          <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
            {loadError}
          </p>
        )}
        {!methods && !loadError && <div role="status" className="h-16 animate-pulse rounded-lg bg-canvas"><span className="sr-only">Loading payment methods…</span></div>}
        {methods && methods.length === 0 && !adding && <p className="text-sm text-muted">No payment methods yet.</p>}
        {methods && methods.length > 0 && (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Saved payment methods">
            {methods.map((m) => (
              <li key={m.payment_method_id} data-testid="payment-method" className="flex flex-col justify-between gap-3 rounded-lg border border-line p-4 text-sm">
                <div className="min-w-0">
                  <p className="font-semibold text-ink [overflow-wrap:anywhere]">{describe(m)}</p>
                  <p className="text-muted">
                    {m.payment_type === 'paypal' ? 'PayPal' : m.card_exp_month && m.card_exp_year ? `Expires ${String(m.card_exp_month).padStart(2, '0')}/${String(m.card_exp_year).slice(-2)}` : 'Card'}
                    {m.is_default && <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand">Default</span>}
                  </p>
                </div>
                <div className="flex gap-4">
                  {!m.is_default && (
                    <button type="button" className={linkButton} disabled={busyId === m.payment_method_id} aria-label={`Set ${describe(m)} as default`} onClick={() => void makeDefault(m)}>
                      Set as default
                    </button>
                  )}
                  <ConfirmDialog
                    title="Remove payment method"
                    description={`Are you sure you want to remove ${describe(m)}?`}
                    confirmLabel="Remove"
                    cancelLabel="Keep it"
                    onConfirm={() => remove(m)}
                    trigger={
                      <button type="button" className={dangerLinkButton} disabled={busyId === m.payment_method_id} aria-label={`Remove ${describe(m)}`}>
                        Remove
                      </button>
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}

        {adding && (
          <div className="rounded-lg border border-line p-4">
            <div role="radiogroup" aria-label="Payment type" className="mb-4 inline-flex rounded-full border border-line p-1">
              {(['credit_card', 'paypal'] as const).map((t) => (
                <button
                  key={t}
                  type="button"
                  role="radio"
                  aria-checked={adding === t}
                  onClick={() => setAdding(t)}
                  className={clsx('rounded-full px-4 py-1.5 text-sm font-medium', adding === t ? 'bg-brand text-white' : 'text-ink hover:bg-brand-soft')}
                >
                  {t === 'credit_card' ? 'Card' : 'PayPal'}
                </button>
              ))}
            </div>
            {adding === 'credit_card' ? (
              config ? (
                <CardEntry config={config} onAdded={added} failureMessage={ADD_FAILED} />
              ) : (
                <p role="alert" className="text-sm text-danger">
                  {ADD_FAILED}
                </p>
              )
            ) : (
              <PaypalForm onSaved={(m, error) => (m ? added(m) : setMessage({ kind: 'error', text: error ?? ADD_FAILED }))} />
            )}
            <button type="button" className="mt-4 text-sm text-muted hover:text-ink hover:underline" onClick={() => setAdding(null)}>
              Cancel
            </button>
          </div>
        )}

        {message && (
          <p role={message.kind === 'success' ? 'status' : 'alert'} className={clsx('rounded-lg px-3 py-2 text-sm', message.kind === 'success' ? 'bg-brand-soft text-success' : 'bg-danger/10 text-danger')}>
            {message.text}
          </p>
        )}
      </div>
    </section>
  );
}
