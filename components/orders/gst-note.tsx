/**
 * How an amount's GST is shown wherever totals are (cart, order confirmation, order pages; issue
 * 17): prices including GST → "Includes GST $X" under the total; prices excluding it → a "GST (15%)"
 * row above the total, which it is part of. Presentational, server or client.
 */
import { formatMoney } from '@/lib/money';
import type { GstRule } from '@/lib/pricing/gst';

type Props = {
  /** Cents, or decimal dollars with `dollars`. */
  gst: number;
  rule: GstRule;
  currency: string;
  dollars?: boolean;
  className?: string;
};

const show = (p: Props) => formatMoney(p.dollars ? p.gst : p.gst / 100, p.currency);

/** "Includes GST $X" (prices include GST); nothing otherwise. */
export function GstAmount(p: Props) {
  if (!p.rule.pricesIncludeGst) return null;
  return (
    <p className={p.className ?? 'mt-2 text-xs text-muted'} data-testid="gst-included">
      Includes GST {show(p)}
    </p>
  );
}

/** A "GST (15%)" row of a totals list (prices exclude GST); nothing otherwise. */
export function GstRow(p: Props) {
  if (p.rule.pricesIncludeGst) return null;
  return (
    <div className="flex justify-between">
      <dt className="text-muted">GST ({p.rule.gstRatePercent}%)</dt>
      <dd className="tabular-nums" data-testid="gst-added">
        {show(p)}
      </dd>
    </div>
  );
}
