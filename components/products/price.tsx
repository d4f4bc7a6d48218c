/**
 * A price, with the promotion when there is one (spec §5 Prices): the original struck through and
 * the rounded percentage saved, shown only when the original exceeds the current price. A
 * non-numeric price reads "Price not available". Amounts are in the store currency (settings), the
 * one checkout charges in.
 */
import clsx from 'clsx';
import { percentSaved } from '@/lib/money';
import { storeMoney } from '@/lib/settings/store-money';

const num = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? Number.NaN : Number(v));

/** The percentage saved, or null when there is no real reduction. */
export function saving(price: number | string | null | undefined, original: number | string | null | undefined): number | null {
  return percentSaved(num(original), num(price));
}

/** Server component: `price` and `original` are decimal amounts (dollars), numbers or numeric strings. */
export async function Price({
  price,
  original,
  size = 'md',
  className,
}: {
  price: number | string | null | undefined;
  original?: number | string | null;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const current = num(price);
  if (!Number.isFinite(current)) {
    return <p className={clsx('text-sm text-muted', className)} data-testid="price">Price not available</p>;
  }
  const saved = saving(price, original);
  const money = await storeMoney();
  return (
    <p className={clsx('flex flex-wrap items-baseline gap-x-2 gap-y-1', className)} data-testid="price">
      <span className={clsx('font-semibold', saved !== null ? 'text-sale' : 'text-ink', size === 'lg' ? 'text-3xl' : 'text-lg')}>
        {saved !== null && <span className="sr-only">Now </span>}
        {money.format(current)}
      </span>
      {saved !== null && (
        <>
          <s className={clsx('text-muted', size === 'lg' ? 'text-lg' : 'text-sm')}>
            <span className="sr-only">Was </span>
            {money.format(num(original))}
          </s>
          <span className={clsx('rounded-full bg-[#f8e5e1] px-2 py-0.5 font-medium text-sale', size === 'lg' ? 'text-sm' : 'text-xs')} data-testid="percent-saved">
            Save {saved}%
          </span>
        </>
      )}
    </p>
  );
}
