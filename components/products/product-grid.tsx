/** A responsive grid of product cards: two across on a phone, up to four on a wide screen. */
import clsx from 'clsx';
import { storeMoney } from '@/lib/settings/store-money';
import { toCardView } from './card-view';
import { ProductCard } from './product-card';
import type { CardProduct } from './types';

/** Server component: the cards' prices are in the store currency (storeMoney). */
export async function ProductGrid({
  products,
  headingLevel = 'h3',
  columns = 4,
  className,
  label,
  eager = false,
}: {
  products: CardProduct[];
  headingLevel?: 'h2' | 'h3';
  columns?: 3 | 4;
  className?: string;
  label?: string;
  /**
   * The grid is the page's main content, at the top: its first two pictures are fetched at once
   * with high priority. Grids further down (home sections, related products) load lazily, so that
   * they do not compete with what the shopper sees first.
   */
  eager?: boolean;
}) {
  const { currency } = await storeMoney();
  return (
    <ul
      aria-label={label}
      className={clsx('grid grid-cols-2 gap-3 sm:gap-5', columns === 4 ? 'md:grid-cols-3 xl:grid-cols-4' : 'md:grid-cols-3', className)}
      data-testid="product-grid"
    >
      {products.map((p, i) => (
        <li key={p.product_id}>
          <ProductCard card={toCardView(p, currency)} headingLevel={headingLevel} priority={eager && i < 2} />
        </li>
      ))}
    </ul>
  );
}
