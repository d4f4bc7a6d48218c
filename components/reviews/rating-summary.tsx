/**
 * A product's rating at a glance: the average with its stars, how many reviews, and a bar per
 * star showing how many reviews gave it (approved reviews only, lib/reviews).
 */
import type { RatingSummaryJson } from '@/lib/reviews/contracts';
import { formatRating, Stars } from './stars';

export const reviewCountLabel = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

export function RatingSummary({ summary }: { summary: RatingSummaryJson }) {
  if (summary.count === 0 || summary.average === null) return null;
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:gap-10" data-testid="rating-summary">
      <div className="flex flex-col items-start gap-1">
        <p className="font-display text-5xl leading-none text-ink" data-testid="rating-average">
          {formatRating(summary.average)}
          <span className="sr-only"> out of 5</span>
        </p>
        <Stars rating={summary.average} className="text-xl" />
        <p className="text-sm text-muted" data-testid="rating-count">
          {reviewCountLabel(summary.count)}
        </p>
      </div>
      <dl className="w-full max-w-sm space-y-1.5 text-sm" aria-label="Reviews by rating">
        {([5, 4, 3, 2, 1] as const).map((stars) => {
          const n = summary.distribution[stars];
          return (
            <div key={stars} className="grid grid-cols-[4.5rem_1fr_2rem] items-center gap-3">
              <dt className="text-ink/80">
                {stars} {stars === 1 ? 'star' : 'stars'}
              </dt>
              <dd className="h-2 overflow-hidden rounded-full bg-line" aria-hidden="true">
                <span className="block h-full rounded-full bg-accent" style={{ width: `${(n / summary.count) * 100}%` }} />
              </dd>
              <dd className="text-right tabular-nums text-muted">{n}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
