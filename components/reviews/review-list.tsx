/**
 * Approved reviews as shoppers read them: stars, title, author with the "Verified buyer" mark, date,
 * text, photos (each opens full size) and the shop's reply. Server-rendered; no JavaScript.
 */
import type { PublicReviewJson } from '@/lib/reviews/contracts';
import { Stars } from './stars';

export function reviewDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-NZ', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));
}

export function ReviewList({ reviews, timeZone, storeName }: { reviews: PublicReviewJson[]; timeZone: string; storeName: string }) {
  return (
    <ol className="divide-y divide-line border-y border-line" data-testid="review-list">
      {reviews.map((r) => (
        <li key={r.review_id} className="py-6" data-testid="review">
          <article aria-labelledby={`review-${r.review_id}-title`}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Stars rating={r.rating} className="text-base" />
              <h3 id={`review-${r.review_id}-title`} className="font-semibold text-ink">
                {r.title}
              </h3>
            </div>
            <p className="mt-1 text-sm text-muted">
              <span className="font-medium text-ink/85">{r.author_name}</span>
              <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-dark">Verified buyer</span>
              <span className="ml-2">
                <time dateTime={r.created_at}>{reviewDate(r.created_at, timeZone)}</time>
              </span>
            </p>
            <p className="mt-3 whitespace-pre-line text-ink/85">{r.body}</p>
            {r.photos.length > 0 && (
              <ul className="mt-4 flex flex-wrap gap-2" aria-label="Photos from the buyer">
                {r.photos.map((p, i) => (
                  <li key={p.photo_id}>
                    <a href={p.url} target="_blank" rel="noopener" className="block overflow-hidden rounded-lg ring-1 ring-line hover:ring-brand">
                      {/* eslint-disable-next-line @next/next/no-img-element -- stored photos (local or uploadthing), as the product thumbnails */}
                      <img src={p.url} alt={`Photo ${i + 1} of ${r.author_name}'s review`} width={96} height={96} loading="lazy" className="size-24 object-cover" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {r.reply && (
              <div className="mt-4 rounded-[var(--radius-card)] bg-surface p-4 text-sm ring-1 ring-line" data-testid="review-reply">
                <p className="font-medium text-ink">Reply from {storeName}</p>
                <p className="mt-1 whitespace-pre-line text-ink/80">{r.reply}</p>
              </div>
            )}
          </article>
        </li>
      ))}
    </ol>
  );
}
