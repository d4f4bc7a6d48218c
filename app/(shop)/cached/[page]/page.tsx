/**
 * The cached twins of the shopper pages that do not read a query (lib/storefront/page-cache.ts):
 * /cached/home, /cached/featured-products, /cached/latest-products, /cached/promotional-products,
 * /cached/shipping and /cached/faq render the very same page modules, but as ISR entries. No path is
 * rendered at build (generateStaticParams → [], so `next build` never opens the database); each is
 * rendered on its first request, cached with the tags of the catalogue and settings reads it made
 * (unstable_cache adds them to the page), and regenerated on the next request after an admin write
 * revalidates one of those tags ({ expire: 0 }), or in the background after a minute.
 * next.config.ts rewrites the public addresses here; pages keep their public canonical URLs.
 *
 * The /products twins have their own route (../products/[[...key]]): a route's pages share its
 * client JavaScript, so one route for all of them made the listing load the home carousel and the
 * home page load the listing's filters.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import FaqPage, { generateMetadata as faqMetadata } from '../../faq/page';
import FeaturedProductsPage, { generateMetadata as featuredMetadata } from '../../featured-products/page';
import LatestProductsPage, { generateMetadata as latestMetadata } from '../../latest-products/page';
import HomePage, { generateMetadata as homeMetadata } from '../../page';
import PromotionalProductsPage, { generateMetadata as promotionalMetadata } from '../../promotional-products/page';
import ShippingPage, { generateMetadata as shippingMetadata } from '../../shipping/page';

export const revalidate = 60;
export const dynamicParams = true;

/** No page at build time: every entry is rendered on its first request (ISR). */
export function generateStaticParams(): { page: string }[] {
  return [];
}

type Props = { params: Promise<{ page: string }> };

/** The promotions page without a query: its first page of every offer (paging and campaigns render per request, FIXED_PAGE_QUERY_KEYS). */
const noQuery = { searchParams: Promise.resolve({}) };

const FIXED: Record<string, { Page: () => React.ReactNode; metadata: () => Metadata | Promise<Metadata> }> = {
  home: { Page: HomePage, metadata: homeMetadata },
  'featured-products': { Page: FeaturedProductsPage, metadata: featuredMetadata },
  'latest-products': { Page: LatestProductsPage, metadata: latestMetadata },
  'promotional-products': { Page: () => <PromotionalProductsPage {...noQuery} />, metadata: () => promotionalMetadata(noQuery) },
  shipping: { Page: ShippingPage, metadata: shippingMetadata },
  faq: { Page: FaqPage, metadata: faqMetadata },
};

function fixedPage(page: string) {
  return Object.hasOwn(FIXED, page) ? FIXED[page] : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const fixed = fixedPage((await params).page);
  return fixed ? fixed.metadata() : {};
}

export default async function CachedPage({ params }: Props) {
  const fixed = fixedPage((await params).page);
  if (!fixed) notFound();
  return <fixed.Page />;
}
