/**
 * A product in a grid: picture (or illustration tinted by its colour), category, name, colour (with a
 * swatch) and size, short description, price, any
 * promotion and the add-to-cart control (spec §4: add from product cards; a visitor's control is
 * disabled and reads "Login to Add"). An out-of-stock product shows an "Out of stock" badge on its
 * picture and no add-to-cart control. The card's name links to /products/{id} and its link
 * covers the card, except the add-to-cart control above it. Fallback name "Unnamed Product" (§8).
 */
import Link from 'next/link';
import { AddToCart } from '@/components/cart/add-to-cart';
import { currentUser } from '@/lib/auth/current-user';
import { ColourSwatch } from './colour-swatch';
import { Price } from './price';
import { ProductImage } from './product-image';
import { UNNAMED_PRODUCT } from './no-image';
import type { CardProduct } from './types';

export async function ProductCard({ product, headingLevel = 'h3', priority }: { product: CardProduct; headingLevel?: 'h2' | 'h3'; priority?: boolean }) {
  const Heading = headingLevel;
  const name = product.name?.trim() || UNNAMED_PRODUCT;
  const description = product.description?.trim();
  // Memoised per request (react cache): one session check for the whole grid.
  const signedIn = Boolean(await currentUser());
  const soldOut = product.in_stock === false || (product.stock !== undefined && product.stock <= 0);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface transition-shadow hover:shadow-[0_8px_24px_-12px_rgba(30,36,32,0.25)]" data-testid="product-card">
      <ProductImage
        images={product.images}
        product={product}
        priority={priority}
        className="aspect-[4/3] transition-transform"
      />
      {soldOut && (
        <span className="absolute left-2 top-2 rounded-full bg-ink/85 px-2.5 py-1 text-xs font-semibold text-white sm:left-3 sm:top-3" data-testid="out-of-stock">
          Out of stock
        </span>
      )}
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        {product.category_name && <p className="truncate text-xs font-medium uppercase tracking-wider text-muted">{product.category_name}</p>}
        <Heading className="text-base font-semibold leading-snug text-ink">
          <Link href={`/products/${product.product_id}`} className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-dark focus-visible:outline-none after:rounded-[var(--radius-card)] focus-visible:after:outline-2 focus-visible:after:outline-brand">
            {name}
          </Link>
        </Heading>
        {(product.color || product.size) && (
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-ink/80" data-testid="card-variant">
            <ColourSwatch color={product.color} />
            <span className="truncate">{[product.color, product.size].filter(Boolean).join(' · ')}</span>
          </p>
        )}
        {description && <p className="hidden text-sm text-muted sm:line-clamp-2">{description}</p>}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-2 gap-y-1 pt-3">
          <Price price={product.price} original={product.original_price} />
        </div>
        {product.stock !== undefined && !soldOut && (
          <div className="relative z-10 pt-3">
            <AddToCart productId={product.product_id} stock={product.stock} signedIn={signedIn} compact />
          </div>
        )}
      </div>
    </article>
  );
}
