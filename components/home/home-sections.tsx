/**
 * The home page's three product sections (spec §2 Home), rendered on the server from the cached
 * catalogue. Failures follow spec §8: featured products are only logged; latest products and
 * promotions show their catalogue messages.
 */
import { ProductGrid } from '@/components/products/product-grid';
import { toCardProduct, type CardProduct } from '@/components/products/types';
import { Notice } from '@/components/ui/notice';
import { getFeaturedProducts, getLatestProducts, getPromotionGroups } from '@/lib/catalog/read/queries';
import { CATALOGUE_MESSAGES } from '@/lib/storefront/catalog-messages';
import { SectionShell } from './section-shell';

/** One row of a wide grid per section; each section links to its full list. */
const HOME_LIMIT = 4;

/** `load()`, or null when it fails (logged as "failed to load {what}"): a section then shows its own message. */
async function orNull<T>(what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    console.error(`Home: failed to load ${what}`, err);
    return null;
  }
}

/** A section's products, or what it says instead: `failed` when they could not be loaded (null), `empty` when there are none. */
function SectionProducts({ products, failed, empty }: { products: CardProduct[] | null; failed: React.ReactNode; empty: React.ReactNode }) {
  if (products === null) return failed;
  return products.length > 0 ? <ProductGrid products={products} /> : empty;
}

export async function FeaturedSection() {
  const products = await orNull('featured products', () => getFeaturedProducts(HOME_LIMIT));
  const restyled = <p className="text-sm text-muted">Our featured pieces are being restyled — browse the full range in the meantime.</p>;
  return (
    <SectionShell id="featured" title="Featured Products" lead="Pieces our team keeps coming back to." href="/featured-products" linkLabel="All featured">
      {/* Featured pieces that failed to load are only logged (spec §8): the section reads as empty. */}
      <SectionProducts products={products} failed={restyled} empty={restyled} />
    </SectionShell>
  );
}

export async function LatestSection() {
  const products = await orNull('latest products', () => getLatestProducts(HOME_LIMIT));
  return (
    <SectionShell id="latest" title="Latest Products" lead="Just landed in the Auckland warehouse." href="/latest-products" linkLabel="All new arrivals">
      <SectionProducts products={products} failed={<Notice tone="error" title={CATALOGUE_MESSAGES.latestFailed} />} empty={<p className="text-sm text-muted">No new arrivals this week.</p>} />
    </SectionShell>
  );
}

export async function PromotionsSection() {
  // Two of the biggest savings from each campaign, so the rooms are mixed.
  const products = await orNull('promotions', async () => (await getPromotionGroups({ perGroup: 2 })).flatMap((g) => g.products).slice(0, HOME_LIMIT).map(toCardProduct));
  return (
    <SectionShell id="promotions" title="Promotional Products" lead="Limited-time prices on pieces from across the store." href="/promotional-products" linkLabel="All offers">
      <SectionProducts products={products} failed={<Notice tone="error" title={CATALOGUE_MESSAGES.promotionsFailed} />} empty={<Notice title={CATALOGUE_MESSAGES.promotionsEmpty} />} />
    </SectionShell>
  );
}
