'use client';
/**
 * The button of a back-in-stock alert's link page: confirm the alert (the double opt-in) or
 * unsubscribe the address from alerts. Links from e-mails open a page that changes nothing; this
 * button makes the change (POST /api/stock-alerts/confirm, POST /api/stock-alerts/unsubscribe), so a
 * mail scanner that follows links confirms or ends nothing.
 */
import Link from 'next/link';
import { useState } from 'react';
import { FormMessage, SubmitButton, type FormMessageValue } from '@/components/auth/field';
import { buttonClasses } from '@/components/ui/button';
import { api, errorMessage } from '@/lib/api/client';

const LABEL = { confirm: ['Confirm my alert', 'Confirming…'], unsubscribe: ['Unsubscribe', 'Unsubscribing…'] } as const;

export function StockAlertAction({ kind, token, productId }: { kind: 'confirm' | 'unsubscribe'; token: string; productId: number }) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState<FormMessageValue>(null);
  async function act() {
    setBusy(true);
    setMessage(null);
    try {
      const answer = kind === 'confirm' ? await api.stockAlerts.confirm(token) : await api.stockAlerts.unsubscribe(token);
      setMessage({ kind: 'success', text: answer.message });
      setDone(true);
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e, 'That did not work. Please try again.') });
    } finally {
      setBusy(false);
    }
  }
  if (done) {
    return (
      <div className="space-y-5">
        <FormMessage message={message} />
        <Link href={`/products/${productId}`} className={buttonClasses('secondary', 'md')}>
          Back to the product
        </Link>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void act();
      }}
    >
      <FormMessage message={message} />
      <SubmitButton busy={busy} busyLabel={LABEL[kind][1]}>
        {LABEL[kind][0]}
      </SubmitButton>
    </form>
  );
}
