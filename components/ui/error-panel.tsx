'use client';
/**
 * The one error panel, in its two places:
 * - the body of an error boundary (`error`, `retry`): the message, Try again (re-fetches the
 *   segment) and a way home; the error's digest as a reference (not the busy catalogue's, which is
 *   no fault to report);
 * - a page that cannot go on for an order (`message`): checkout of an order that cannot be paid, an
 *   invoice not issued yet — spec §2 Checkout: "an Error panel with a Return to Orders button (to
 *   /orders)".
 */
import Link from 'next/link';
import clsx from 'clsx';
import { useEffect } from 'react';
import { BUSY_DIGEST } from '@/lib/catalog/read/busy';
import { buttonClasses } from './button';

type BoundaryProps = { error: unknown; retry: () => void; title: string; text?: string };
type OrderProps = { title?: string; message: string; className?: string };

export function ErrorPanel(props: BoundaryProps | OrderProps) {
  return 'message' in props ? <OrderErrorPanel {...props} /> : <BoundaryErrorPanel {...props} />;
}

function OrderErrorPanel({ title = 'Error', message, className }: OrderProps) {
  return (
    <div role="alert" className={clsx('rounded-card border border-danger/30 bg-surface p-6 sm:p-8', className)} data-testid="checkout-error">
      <h2 className="font-display text-xl text-danger">{title}</h2>
      <p className="mt-2 text-ink">{message}</p>
      <Link href="/orders" className={buttonClasses('outline', 'md', 'mt-6')}>
        Return to Orders
      </Link>
    </div>
  );
}

function BoundaryErrorPanel({ error, retry, title, text }: BoundaryProps) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const digest = error instanceof Error && 'digest' in error ? String((error as Error & { digest?: string }).digest ?? '') : '';
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="error-panel">
      <svg viewBox="0 0 240 180" className="mx-auto h-32 w-auto" aria-hidden="true" fill="none" stroke="#2f5d50" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M24 148h192" stroke="#d8d1c3" />
        <rect x="90" y="38" width="60" height="54" rx="10" fill="#e7efe9" />
        <rect x="84" y="92" width="72" height="12" rx="4" fill="#f3e7d8" />
        <path d="M92 104l-6 40M148 104l6 40M106 104l-2 32M134 104l10 24" />
      </svg>
      <h1 className="mt-6 font-display text-3xl text-ink">{title}</h1>
      <p className="mt-3 text-muted">{text ?? 'Sorry — something on our side did not work. Please try again in a moment.'}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => retry()} className={buttonClasses('primary', 'md')}>
          Try again
        </button>
        <Link href="/" className={buttonClasses('outline', 'md')}>
          Go to the home page
        </Link>
      </div>
      {digest && digest !== BUSY_DIGEST && <p className="mt-6 text-xs text-muted">Reference: {digest}</p>}
    </div>
  );
}
