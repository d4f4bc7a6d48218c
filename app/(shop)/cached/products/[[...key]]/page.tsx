/**
 * The cached twin of the plain /products listing (no query): next.config.ts rewrites /products
 * without a query here, and it renders the products page module as an ISR entry, like ../../[page]
 * does for the fixed pages (docs/architecture.md "Caching"): nothing at build, the entry on its
 * first request, tagged with the catalogue reads it made. An optional catch-all only so that
 * `next build` prerenders nothing (generateStaticParams → []); any key is not a page.
 *
 * A listing with a query (search, filters, sort, paging) renders per request at /products from
 * the cached catalogue reads, and the front door (nginx, or the CDN) keeps its HTML.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import ProductsPage, { generateMetadata as productsMetadata } from '../../../products/page';

export const revalidate = 60;
export const dynamicParams = true;

/** No page at build time: the entry is rendered on its first request (ISR). */
export function generateStaticParams(): { key: string[] }[] {
  return [];
}

type Props = { params: Promise<{ key?: string[] }> };

const noQuery = { searchParams: Promise.resolve({}) };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return (await params).key ? {} : productsMetadata(noQuery);
}

export default async function CachedProductsPage({ params }: Props) {
  if ((await params).key) notFound();
  return <ProductsPage {...noQuery} />;
}
