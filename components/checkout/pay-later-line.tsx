/**
 * "or 4 interest-free payments of $x with Afterpay or Klarna" (docs/buying.md "Afterpay and
 * Klarna"): under a price or total on the product, cart and checkout pages, only when a method is
 * switched on and the amount is within its limits (lib/payments/pay-later.ts). No hooks, so server
 * and client components both render it.
 */
import clsx from 'clsx';
import { formatMoney } from '@/lib/money';
import { INSTALMENTS, PAY_LATER_LABELS, instalmentCents, payLaterMethodsFor, type PayLaterSwitches } from '@/lib/payments/pay-later';

type Props = {
  /** The price or total, in cents. */
  amountCents: number;
  currency: string;
  /** The afterpay_enabled and klarna_enabled settings. */
  switches: PayLaterSwitches;
  className?: string;
};

export function PayLaterLine({ amountCents, currency, switches, className }: Props) {
  const methods = payLaterMethodsFor(amountCents, currency, switches);
  if (methods.length === 0) return null;
  return (
    <p className={clsx('text-sm text-muted', className)} data-testid="pay-later-line">
      or {INSTALMENTS} interest-free payments of <span className="font-medium text-ink">{formatMoney(instalmentCents(amountCents) / 100, currency)}</span> with{' '}
      {methods.map((m) => PAY_LATER_LABELS[m]).join(' or ')}
    </p>
  );
}
