/** /featured-products: the pieces marked featured (spec §2 routes, §7 GET /products/featured). */
import { ListGrid, ListPage } from '@/components/products/list-page';
import { pageMetadata } from '@/lib/storefront/page-metadata';
import { getFeaturedProducts } from '@/lib/catalog/read/queries';

/** Rendered per request at this address; shoppers get it from the page cache via /cached/… (lib/storefront/page-cache.ts). */
export const dynamic = 'force-dynamic';

export const generateMetadata = () => pageMetadata({ path: '/featured-products', title: 'Featured Products', description: 'Sofas, beds, tables and storage our team recommends — featured pieces from the Totara Home range.' });

export default async function FeaturedProductsPage() {
  return (
    <ListPage title="Featured Products" lead="Pieces our team keeps coming back to — well made, good value and easy to live with.">
      <ListGrid products={await getFeaturedProducts(24)} emptyTitle="No featured products right now." />
    </ListPage>
  );
}
