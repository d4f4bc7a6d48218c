/** /featured-products: the pieces marked featured (spec §2 routes, §7 GET /products/featured). */
import type { Metadata } from 'next';
import { ListGrid, ListPage } from '@/components/products/list-page';
import { getFeaturedProducts } from '@/lib/catalog/queries';

/** Rendered per request at this address; shoppers get it from the page cache via /cached/… (lib/storefront/cached-pages.ts). */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Featured Products',
  description: 'Sofas, beds, tables and storage our team recommends — featured pieces from the Totara Home range.',
  alternates: { canonical: '/featured-products' },
  openGraph: { title: 'Featured Products · Totara Home', url: '/featured-products' },
};

export default async function FeaturedProductsPage() {
  const products = await getFeaturedProducts(24);
  return (
    <ListPage title="Featured Products" lead="Pieces our team keeps coming back to — well made, good value and easy to live with.">
      <ListGrid products={products} emptyTitle="No featured products right now." />
    </ListPage>
  );
}
