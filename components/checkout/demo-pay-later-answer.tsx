'use client';
/**
 * The demo approval page's three answers (docs/buying.md "Afterpay and Klarna"): approve or
 * decline (POST /api/payments/demo/pay-later, then the return page), or abandon — back to
 * checkout with nothing sent, as a shopper who closes the provider's page.
 */
import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { api, failureText } from '@/lib/api/client';
import { buttonClasses } from '@/components/ui/button';

export function DemoPayLaterAnswer({ orderId, label }: { orderId: number; label: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function answer(outcome: 'approve' | 'decline') {
    setError(null);
    setBusy(true);
    try {
      await api.payments.demoPayLater(orderId, outcome);
      router.push(`/checkout/${orderId}/return`);
    } catch (e) {
      setBusy(false);
      setError(failureText(e, 'Something went wrong. Please try again.'));
    }
  }

  return (
    <div className="mt-6 space-y-3">
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="button" className={buttonClasses('primary', 'md')} disabled={busy} onClick={() => void answer('approve')}>
          Approve with {label}
        </button>
        <button type="button" className={buttonClasses('outline', 'md')} disabled={busy} onClick={() => void answer('decline')}>
          Decline
        </button>
        <Link href={`/checkout/${orderId}`} className={buttonClasses('ghost', 'md')} aria-disabled={busy}>
          Abandon and return to the shop
        </Link>
      </div>
    </div>
  );
}
