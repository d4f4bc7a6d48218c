/**
 * A price, with the promotion when there is one (spec §5 Prices): the original struck through and
 * the rounded percentage saved, shown only when the original exceeds the current price. A
 * non-numeric price reads "Price not available". Amounts are in the store currency (settings), the
 * one checkout charges in.
 */
import clsx from 'clsx';
import { formatMoney, percentSaved } from '@/lib/money';

const num = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? Number.NaN : Number(v));

/** The percentage saved, or null when there is no real reduction. */
export function saving(price: number | string | null | undefined, original: number | string | null | undefined): number | null {
  return percentSaved(num(original), num(price));
}

/**
 * `price` and `original` are decimal amounts (dollars), numbers or numeric strings; `currency` is the
 * store currency (ISO 4217) — server components take it from storeMoney(), product cards get it from
 * their grid. No hooks: renders on the server and inside client components alike.
 */
export function Price({
  price,
  original,
  currency,
  size = 'md',
  className,
}: {
  price: number | string | null | undefined;
  original?: number | string | null;
  currency: string;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const current = num(price);
  if (!Number.isFinite(current)) {
    return <p className={clsx('text-sm text-muted', className)} data-testid="price">Price not available</p>;
  }
  const saved = saving(price, original);
  return (
    <p className={clsx('price', className)} data-testid="price">
      <span className={clsx('font-semibold', saved !== null ? 'text-sale' : 'text-ink', size === 'lg' ? 'text-3xl' : 'text-lg')}>
        {saved !== null && <span className="sr-only">Now </span>}
        {formatMoney(current, currency)}
      </span>
      {saved !== null && (
        <>
          <s className={clsx('text-muted', size === 'lg' ? 'text-lg' : 'text-sm')}>
            <span className="sr-only">Was </span>
            {formatMoney(num(original), currency)}
          </s>
          <span className={clsx('rounded-full bg-[#f8e5e1] px-2 py-0.5 font-medium text-sale', size === 'lg' ? 'text-sm' : 'text-xs')} data-testid="percent-saved">
            Save {saved}%
          </span>
        </>
      )}
    </p>
  );
}
