/** /latest-products: the newest arrivals (spec §2 routes, §7 GET /products/latest). */
import { ListGrid, ListPage } from '@/components/products/list-page';
import { pageMetadata } from '@/lib/storefront/page-metadata';
import { getLatestProducts } from '@/lib/catalog/read/queries';

/** Rendered per request at this address; shoppers get it from the page cache via /cached/… (lib/storefront/page-cache.ts). */
export const dynamic = 'force-dynamic';

export const generateMetadata = () => pageMetadata({ path: '/latest-products', title: 'Latest Products', description: 'New arrivals at Totara Home: the latest furniture to land in our Auckland warehouse.' });

export default async function LatestProductsPage() {
  return (
    <ListPage title="Latest Products" lead="Just landed in the Auckland warehouse.">
      <ListGrid products={await getLatestProducts(24)} emptyTitle="No new arrivals this week." />
    </ListPage>
  );
}
