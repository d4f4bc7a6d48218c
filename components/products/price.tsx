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
 * A price as shown: the formatted current amount, the formatted original while on promotion and the
 * percentage saved. Computed where the page is rendered (on the server for cached pages), so that
 * a client component showing it never builds an Intl.NumberFormat in the browser: constructing
 * the first one costs a fresh page a noticeable stretch of main thread, inside hydration.
 */
export type PriceView = { now: string; was: string | null; saved: number | null };

/**
 * `price` and `original`: decimal amounts (dollars), numbers or numeric strings; `currency`: the
 * store currency (ISO 4217). Null when the price is not a number ("Price not available").
 */
export function priceView(price: number | string | null | undefined, original: number | string | null | undefined, currency: string): PriceView | null {
  const current = num(price);
  if (!Number.isFinite(current)) return null;
  const saved = saving(price, original);
  return { now: formatMoney(current, currency), was: saved === null ? null : formatMoney(num(original), currency), saved };
}

/** Renders a PriceView (`null`: "Price not available"). No hooks and no formatting: fit for client components. */
export function PriceTag({ view, size = 'md', className }: { view: PriceView | null; size?: 'md' | 'lg'; className?: string }) {
  if (!view) {
    return <p className={clsx('text-sm text-muted', className)} data-testid="price">Price not available</p>;
  }
  const { now, was, saved } = view;
  return (
    <p className={clsx('price', className)} data-testid="price">
      <span className={clsx('font-semibold', was !== null ? 'text-sale' : 'text-ink', size === 'lg' ? 'text-3xl' : 'text-lg')}>
        {was !== null && <span className="sr-only">Now </span>}
        {now}
      </span>
      {was !== null && (
        <>
          <s className={clsx('text-muted', size === 'lg' ? 'text-lg' : 'text-sm')}>
            <span className="sr-only">Was </span>
            {was}
          </s>
          <span className={clsx('rounded-full bg-[#f8e5e1] px-2 py-0.5 font-medium text-sale', size === 'lg' ? 'text-sm' : 'text-xs')} data-testid="percent-saved">
            Save {saved}%
          </span>
        </>
      )}
    </p>
  );
}

/**
 * `price` and `original` are decimal amounts (dollars), numbers or numeric strings; `currency` is the
 * store currency (ISO 4217), from storeMoney(). For server components; a client component takes a
 * PriceView made on the server and renders PriceTag.
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
  return <PriceTag view={priceView(price, original, currency)} size={size} className={className} />;
}
