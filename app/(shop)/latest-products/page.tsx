/** /latest-products: the newest arrivals (spec §2 routes, §7 GET /products/latest). */
import type { Metadata } from 'next';
import Link from 'next/link';
import { ListPage } from '@/components/products/list-page';
import { ProductGrid } from '@/components/products/product-grid';
import { Notice } from '@/components/ui/notice';
import { getLatestProducts } from '@/lib/catalog/queries';

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
      {products.length > 0 ? (
        <ProductGrid products={products} headingLevel="h2" />
      ) : (
        <Notice title="No new arrivals this week.">
          <p>
            Browse the <Link href="/products" className="font-medium text-brand-dark underline underline-offset-4">full range</Link> instead.
          </p>
        </Notice>
      )}
    </ListPage>
  );
}
