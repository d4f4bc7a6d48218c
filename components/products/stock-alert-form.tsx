'use client';
/**
 * "Email me when it's back" on an out-of-stock product page (docs/mail.md "Back-in-stock alerts").
 * A signed-in customer asks with one click (the alert goes to their account's address); a visitor
 * gives an address and confirms it from the e-mail we send (double opt-in). Posts to
 * POST /api/products/{id}/stock-alerts. Whether someone is signed in is known in the browser only
 * (the page is cached for everyone): until then the button waits, disabled.
 */
import { useState } from 'react';
import { FormMessage, SubmitButton, TextField, type FormMessageValue } from '@/components/auth/field';
import { useMessageForm } from '@/components/auth/use-message-form';
import { useViewer } from '@/components/site/viewer';
import { api, errorMessage } from '@/lib/api/client';
import { stockAlertVisitorFormSchema } from '@/lib/mail/stock-alert-schemas';

const FAILED = 'We could not set up the alert. Please try again.';

export function StockAlertForm({ productId }: { productId: number }) {
  const { status, viewer } = useViewer();
  return (
    <section aria-labelledby="stock-alert-title" className="rounded-[var(--radius-card)] bg-surface p-4 ring-1 ring-line" data-testid="stock-alert">
      <h2 id="stock-alert-title" className="font-display text-lg text-ink">
        Email me when it&rsquo;s back
      </h2>
      <p className="mt-1 text-sm text-muted">One e-mail when this is back in stock, then the alert ends. Nothing else.</p>
      <div className="mt-3">{viewer ? <CustomerAlert productId={productId} /> : <VisitorAlert productId={productId} waiting={status === 'loading'} />}</div>
    </section>
  );
}

/** One click, at the signed-in customer's address (also offered on saved items that sold out, components/saved/saved-list.tsx). */
export function CustomerAlert({ productId }: { productId: number }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageValue>(null);
  const [done, setDone] = useState(false);
  async function ask() {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await api.stockAlerts.subscribe(productId, {});
      setMessage({ kind: 'success', text: answer.message });
      setDone(true);
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e, FAILED) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void ask();
      }}
    >
      {!done && (
        <SubmitButton busy={busy} busyLabel="Setting up…">
          Email me when it&rsquo;s back
        </SubmitButton>
      )}
      <FormMessage message={message} />
    </form>
  );
}

/** An address, confirmed from the e-mail before any alert is sent. */
function VisitorAlert({ productId, waiting }: { productId: number; waiting: boolean }) {
  const [done, setDone] = useState(false);
  const { register, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(stockAlertVisitorFormSchema, { email: '' });
  const save = onSubmit(async ({ email }) => {
    try {
      const answer = await api.stockAlerts.subscribe(productId, { email });
      setMessage({ kind: 'success', text: answer.message });
      setDone(true);
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e, FAILED) });
    }
  });
  if (done) return <FormMessage message={message} />;
  return (
    <form noValidate className="space-y-3" onSubmit={save} aria-label="Back-in-stock alert">
      <TextField
        label="Your email address"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        hint="We will send a link to confirm it first."
        error={errors.email?.message}
        {...register('email')}
      />
      <FormMessage message={message} />
      <SubmitButton busy={isSubmitting || waiting} busyLabel={waiting ? 'Email me when it’s back' : 'Sending…'}>
        Email me when it&rsquo;s back
      </SubmitButton>
    </form>
  );
}
