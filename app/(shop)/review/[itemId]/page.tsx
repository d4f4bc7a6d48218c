/**
 * /review/{order item id} — a customer reviews one line of their own delivered order;
 * linked from Your Orders and from the review request e-mail. Signed-in customers only (others go
 * to the login page and come back); someone else's line is the not-found page. Shows the form, or
 * the review already written with its status (waiting, published, or not published and why), or
 * why the line cannot be reviewed yet.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ReviewForm } from '@/components/reviews/review-form';
import { Stars } from '@/components/reviews/stars';
import { Container } from '@/components/ui/container';
import clsx from 'clsx';
import { PageHeading } from '@/components/ui/page-heading';
import { requirePageUser } from '@/lib/auth/current-user';
import type { OwnReviewJson } from '@/lib/reviews/contracts';
import { getReviewableLine } from '@/lib/reviews/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Write a review', robots: { index: false } };

type Props = { params: Promise<{ itemId: string }> };

export default async function ReviewPage({ params }: Props) {
  const { itemId } = await params;
  const user = await requirePageUser(`/review/${itemId}`);
  const id = /^[1-9]\d{0,9}$/.test(itemId) && Number(itemId) <= 2_147_483_647 ? Number(itemId) : null;
  const line = id === null ? null : await getReviewableLine(user, id);
  if (!line) notFound();

  return (
    <Container className="max-w-2xl py-8 sm:py-12">
      <PageHeading title={line.review ? 'Your review' : 'Write a review'} />
      <p className="mt-2 text-muted">
        <Link href={`/products/${line.productId}`} className="font-medium text-brand-dark underline underline-offset-4">
          {line.productName}
        </Link>
        {line.details && <span> · {line.details}</span>} · order #{line.orderId}
      </p>
      <div className="mt-8">
        {line.review ? (
          <WrittenReview review={line.review} />
        ) : line.refusal ? (
          <StatusBox tone="info">
            {line.refusal.message}{' '}
            <Link href="/orders" className="font-medium underline underline-offset-4">
              Your Orders
            </Link>
          </StatusBox>
        ) : (
          <ReviewForm orderItemId={line.orderItemId} />
        )}
      </div>
    </Container>
  );
}

const STATUS_TEXT: Record<OwnReviewJson['status'], string> = {
  pending: 'Thank you! We check every review before it appears on the product page; yours is waiting to be checked.',
  approved: 'Thank you! Your review is published on the product page.',
  rejected: 'We did not publish this review.',
};

function WrittenReview({ review }: { review: OwnReviewJson }) {
  return (
    <div className="space-y-5" data-testid="own-review" data-status={review.status}>
      <StatusBox tone={review.status === 'rejected' ? 'error' : review.status === 'approved' ? 'success' : 'info'}>
        {STATUS_TEXT[review.status]}
        {review.status === 'rejected' && review.rejection_reason && <> Reason: {review.rejection_reason}</>}
        {review.status === 'approved' && (
          <>
            {' '}
            <Link href={`/products/${review.product_id}#reviews`} className="font-medium underline underline-offset-4">
              See it
            </Link>
          </>
        )}
      </StatusBox>
      <article className="rounded-[var(--radius-card)] bg-surface p-5 ring-1 ring-line">
        <Stars rating={review.rating} className="text-lg" />
        <h2 className="mt-2 font-semibold text-ink">{review.title}</h2>
        <p className="mt-2 whitespace-pre-line text-ink/85">{review.body}</p>
        {review.photos.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Your photos">
            {review.photos.map((p, i) => (
              <li key={p.photo_id}>
                {/* eslint-disable-next-line @next/next/no-img-element -- stored photos (local or uploadthing), as the product thumbnails */}
                <img src={p.url} alt={`Your photo ${i + 1}`} width={96} height={96} className="size-24 rounded-lg object-cover ring-1 ring-line" />
              </li>
            ))}
          </ul>
        )}
      </article>
    </div>
  );
}

/** One line of status above the review: neutral, published (green) or not published (red). */
function StatusBox({ tone, children }: { tone: 'info' | 'success' | 'error'; children: React.ReactNode }) {
  return (
    <p
      role="status"
      className={clsx(
        'rounded-[var(--radius-card)] border px-4 py-3 text-sm',
        tone === 'error' ? 'border-danger/30 bg-[#fbefed] text-danger' : tone === 'success' ? 'border-success/30 bg-brand-soft text-brand-dark' : 'border-line bg-surface text-ink',
      )}
      data-testid="review-status"
    >
      {children}
    </p>
  );
}
