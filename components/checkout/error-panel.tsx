/** The checkout's Error panel with Return to Orders (spec §2 Checkout: "an Error panel with a Return to Orders button (to /orders)"). */
import Link from 'next/link';
import clsx from 'clsx';
import { buttonClasses } from '@/components/ui/button';

export function ErrorPanel({ title = 'Error', message, className }: { title?: string; message: string; className?: string }) {
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
