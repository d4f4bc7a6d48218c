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
}: {
  products: CardProduct[];
  headingLevel?: 'h2' | 'h3';
  columns?: 3 | 4;
  className?: string;
  label?: string;
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
          <ProductCard card={toCardView(p)} currency={currency} headingLevel={headingLevel} priority={i < 2} />
        </li>
      ))}
    </ul>
  );
}
