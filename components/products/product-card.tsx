/**
 * A product in a grid: picture (or illustration), category, name, short description, price, any
 * promotion and the add-to-cart control (spec §4: add from product cards; a visitor's control is
 * disabled and reads "Login to Add"). The card's name links to /products/{id} and its link
 * covers the card, except the add-to-cart control above it. Fallback name "Unnamed Product" (§8).
 */
import Link from 'next/link';
import { AddToCart } from '@/components/cart/add-to-cart';
import { Price } from './price';
import { ProductImage } from './product-image';
import { UNNAMED_PRODUCT } from './no-image';
import type { CardProduct } from './types';

export function ProductCard({ product, headingLevel = 'h3', priority }: { product: CardProduct; headingLevel?: 'h2' | 'h3'; priority?: boolean }) {
  const Heading = headingLevel;
  const name = product.name?.trim() || UNNAMED_PRODUCT;
  const description = product.description?.trim();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface transition-shadow hover:shadow-[0_8px_24px_-12px_rgba(30,36,32,0.25)]" data-testid="product-card">
      <ProductImage
        images={product.images}
        name={product.name}
        kind={[description, product.category_name, product.room_name]}
        priority={priority}
        className="aspect-[4/3] transition-transform"
      />
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        {product.category_name && <p className="truncate text-xs font-medium uppercase tracking-wider text-muted">{product.category_name}</p>}
        <Heading className="text-base font-semibold leading-snug text-ink">
          <Link href={`/products/${product.product_id}`} className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-dark focus-visible:outline-none after:rounded-[var(--radius-card)] focus-visible:after:outline-2 focus-visible:after:outline-brand">
            {name}
          </Link>
        </Heading>
        {description && <p className="hidden text-sm text-muted sm:line-clamp-2">{description}</p>}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-2 gap-y-1 pt-3">
          <Price price={product.price} original={product.original_price} />
          {product.in_stock === false && <span className="shrink-0 text-xs font-medium text-muted">Out of stock</span>}
        </div>
        {product.stock !== undefined && (
          <div className="relative z-10 pt-3">
            <AddToCart productId={product.product_id} stock={product.stock} compact />
          </div>
        )}
      </div>
    </article>
  );
}
