/**
 * Star ratings drawn in CSS and SVG, no JavaScript: five grey stars with the filled ones laid over
 * them, clipped to the rating (4.5 → four and a half). Read by screen readers as "Rated 4.5 out of 5".
 */
import clsx from 'clsx';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

function Row({ className }: { className: string }) {
  return (
    <span className={clsx('flex', className)} aria-hidden="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} viewBox="0 0 24 24" className="size-[1em] shrink-0" focusable="false">
          <path d={STAR} fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}

/** `rating` 0–5 (decimals allowed); `size` sets the star size through the font size. */
export function Stars({ rating, className, label }: { rating: number; className?: string; label?: string }) {
  const value = Math.max(0, Math.min(5, rating));
  const text = label ?? `Rated ${formatRating(value)} out of 5`;
  return (
    <span className={clsx('relative inline-flex shrink-0 align-middle', className)} role="img" aria-label={text} data-testid="stars" data-rating={value}>
      <Row className="text-line" />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${(value / 5) * 100}%` }}>
        <Row className="text-accent" />
      </span>
    </span>
  );
}

/** 4 → "4", 4.5 → "4.5", 4.67 → "4.7". */
export const formatRating = (n: number) => String(Math.round(n * 10) / 10);
