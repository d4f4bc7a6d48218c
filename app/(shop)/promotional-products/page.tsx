/**
 * /promotional-products: current offers, grouped by promotion (spec §2 routes, §3 Promotion group,
 * §7 GET /products/promotions). Empty: "No promotional offers available."; failures, including
 * data of the wrong shape, reach the error boundary ("Failed to load promotions…").
 */
import type { Metadata } from 'next';
import { ListPage } from '@/components/products/list-page';
import { ProductGrid } from '@/components/products/product-grid';
import { toCardProduct } from '@/components/products/types';
import { Notice } from '@/components/ui/notice';
import { getPromotionGroups } from '@/lib/catalog/queries';
import { CATALOGUE_MESSAGES } from '@/lib/ui/messages';

/** Rendered per request at this address; shoppers get it from the page cache via /cached/… (lib/ui/cached-pages.ts). */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Promotional Products',
  description: 'Furniture on sale at Totara Home: limited-time prices on sofas, beds, dining, storage and outdoor pieces.',
  alternates: { canonical: '/promotional-products' },
  openGraph: { title: 'Promotional Products · Totara Home', url: '/promotional-products' },
};

/** Offers listed per campaign: the biggest savings first. */
const PER_GROUP = 12;

export default async function PromotionalProductsPage() {
  const groups = await getPromotionGroups({ perGroup: PER_GROUP });
  if (!Array.isArray(groups) || groups.some((g) => !g || !Array.isArray(g.products))) {
    throw new Error('Promotions: unexpected data from the catalogue');
  }
  const withProducts = groups.filter((g) => g.products.length > 0);
  return (
    <ListPage title="Promotional Products" lead="Limited-time prices on pieces from across the store, while stocks last.">
      {withProducts.length === 0 ? (
        <Notice title={CATALOGUE_MESSAGES.promotionsEmpty} testId="promotions-empty" />
      ) : (
        <div className="space-y-14">
          {withProducts.map((g) => (
            <section key={g.id} aria-labelledby={`promo-${g.id}`}>
              <div className="mb-5 flex items-baseline justify-between gap-3">
                <h2 id={`promo-${g.id}`} className="font-display text-2xl text-ink">
                  {g.name}
                </h2>
                <p className="text-sm text-muted">{g.products.length >= PER_GROUP ? 'The biggest savings' : `${g.products.length} ${g.products.length === 1 ? 'offer' : 'offers'}`}</p>
              </div>
              <ProductGrid products={g.products.map(toCardProduct)} />
            </section>
          ))}
        </div>
      )}
    </ListPage>
  );
}
