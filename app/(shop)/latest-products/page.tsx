/** /latest-products: the newest arrivals (spec §2 routes, §7 GET /products/latest). */
import type { Metadata } from 'next';
import { ListGrid, ListPage } from '@/components/products/list-page';
import { getLatestProducts } from '@/lib/catalog/queries';

/** Rendered per request at this address; shoppers get it from the page cache via /cached/… (lib/storefront/cached-pages.ts). */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Latest Products',
  description: 'New arrivals at Totara Home: the latest furniture to land in our Auckland warehouse.',
  alternates: { canonical: '/latest-products' },
  openGraph: { title: 'Latest Products · Totara Home', url: '/latest-products' },
};

export default async function LatestProductsPage() {
  const products = await getLatestProducts(24);
  return (
    <ListPage title="Latest Products" lead="Just landed in the Auckland warehouse.">
      <ListGrid products={products} emptyTitle="No new arrivals this week." />
    </ListPage>
  );
}
