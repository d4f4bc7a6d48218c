/**
 * The Reviews section of a product page and of its further review pages (/products/{id}/reviews/{n}):
 * the summary, one page of approved reviews and the pager. Server-rendered from the cached read
 * (lib/reviews/queries.ts getProductReviews), which moderation revalidates.
 */
import Link from 'next/link';
import clsx from 'clsx';
import { Pagination } from '@/components/products/pagination';
import type { ProductReviewsJson } from '@/lib/reviews/contracts';
import { RatingSummary } from './rating-summary';
import { ReviewList } from './review-list';

/** Page 1 is the product page itself; later pages have their own address. */
export const reviewsPageHref = (productId: number, page: number) => (page <= 1 ? `/products/${productId}#reviews` : `/products/${productId}/reviews/${page}`);

export function ProductReviews({
  productId,
  data,
  timeZone,
  storeName,
  headingLevel = 'h2',
  className = 'mt-16',
}: {
  productId: number;
  data: ProductReviewsJson;
  timeZone: string;
  storeName: string;
  headingLevel?: 'h1' | 'h2';
  className?: string;
}) {
  const Heading = headingLevel;
  return (
    <section id="reviews" aria-labelledby="reviews-title" className={clsx(className, 'scroll-mt-32')} data-testid="product-reviews">
      <Heading id="reviews-title" className="font-display text-2xl text-ink sm:text-3xl">
        {headingLevel === 'h1' ? `Reviews, page ${data.currentPage}` : 'Reviews'}
      </Heading>
      {data.total === 0 ? (
        <p className="mt-3 text-muted" data-testid="no-reviews">
          No reviews yet. Bought this piece? Once it is delivered you can review it from{' '}
          <Link href="/orders" className="text-brand-dark underline underline-offset-4">
            Your Orders
          </Link>
          .
        </p>
      ) : (
        <>
          <div className="mt-5">
            <RatingSummary summary={data.summary} />
          </div>
          <div className="mt-8">
            <ReviewList reviews={data.reviews} timeZone={timeZone} storeName={storeName} />
          </div>
          <div className="mt-6">
            <Pagination page={data.currentPage} totalPages={data.totalPages} hrefFor={(n) => reviewsPageHref(productId, n)} />
          </div>
        </>
      )}
    </section>
  );
}
