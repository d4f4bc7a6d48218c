/**
 * /products/{id}/reviews/{page} — the further pages of a product's approved reviews (page 1 is on the
 * product page itself), newest first, five a page. Cached like the product page (ISR,
 * no paths at build) under the product's tag, which moderation revalidates. An unknown product or
 * a page past the last is the not-found page; page 1 redirects to the product page's reviews.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { ProductReviews } from '@/components/reviews/product-reviews';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Container } from '@/components/ui/container';
import { UNNAMED_PRODUCT } from '@/components/products/no-image';
import { getProduct } from '@/lib/catalog/read/queries';
import { getProductReviews } from '@/lib/reviews/queries';
import { getShopSettingsCached } from '@/lib/settings/queries';

type Props = { params: Promise<{ id: string; page: string }> };

export const revalidate = 60;

export function generateStaticParams(): { id: string; page: string }[] {
  return [];
}

const wholeNumber = (raw: string) => (/^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : null);

const load = cache(async (rawId: string, rawPage: string) => {
  const id = wholeNumber(rawId);
  const page = wholeNumber(rawPage);
  if (id === null || page === null) return null;
  const [product, reviews] = await Promise.all([getProduct(id), getProductReviews(id, page)]);
  // A page past the last is not a page (the read clamps it).
  if (!product || !reviews || reviews.currentPage !== page) return null;
  return { product, reviews, page };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, page } = await params;
  const data = await load(id, page);
  if (!data) return { title: 'Reviews not found', robots: { index: false } };
  const name = data.product.name?.trim() || UNNAMED_PRODUCT;
  return { title: `Reviews of ${name}, page ${data.page}`, alternates: { canonical: `/products/${data.product.product_id}/reviews/${data.page}` } };
}

export default async function ProductReviewsPage({ params }: Props) {
  const { id, page } = await params;
  if (page === '1' && wholeNumber(id) !== null) redirect(`/products/${id}#reviews`);
  const data = await load(id, page);
  if (!data) notFound();
  const settings = await getShopSettingsCached();
  const name = data.product.name?.trim() || UNNAMED_PRODUCT;
  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: 'Products', href: '/products' },
          { label: name, href: `/products/${data.product.product_id}` },
          { label: `Reviews, page ${data.page}` },
        ]}
      />
      <p className="mt-6 text-sm text-muted">
        Reviews of{' '}
        <Link href={`/products/${data.product.product_id}`} className="font-medium text-brand-dark underline underline-offset-4">
          {name}
        </Link>
      </p>
      <ProductReviews productId={data.product.product_id} data={data.reviews} timeZone={settings.timeZone} storeName={settings.storeName} headingLevel="h1" className="mt-2" />
    </Container>
  );
}
