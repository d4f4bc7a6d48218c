'use client';
/**
 * A product in a grid: picture (or illustration), category, name, short description, price, any
 * promotion and the add-to-cart control (spec §4: add from product cards; a visitor's control is
 * disabled and reads "Login to Add"). The card's name links to /products/{id} and its link
 * covers the card, except the add-to-cart control above it. Fallback name "Unnamed Product" (§8).
 *
 * A client component fed a compact CardView (card-view.ts): the page's React payload then carries
 * the card's data, not its whole element tree, which keeps the cached listing pages small.
 */
import Link from 'next/link';
import { AddToCart } from '@/components/cart/add-to-cart';
import type { CardView } from './card-view';
import { ImageWithFallback } from './image-with-fallback';
import { NO_IMAGE_ALT, UNNAMED_PRODUCT } from './no-image';
import { Price } from './price';

export function ProductCard({ card, headingLevel = 'h3', priority }: { card: CardView; headingLevel?: 'h2' | 'h3'; priority?: boolean }) {
  const Heading = headingLevel;
  return (
    <article className="group card" data-testid="product-card">
      <div className="img-box aspect-[4/3]">
        {card.image ? (
          <ImageWithFallback src={card.image} fallback={card.fallback} alt={card.name ?? NO_IMAGE_ALT} priority={priority} />
        ) : (
          // The line illustrations are small SVGs served as they are: next/image would add nothing but markup.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={card.fallback} alt={NO_IMAGE_ALT} width={240} height={180} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : undefined} className="size-full object-contain p-[8%]" />
        )}
      </div>
      <div className="card-body">
        {card.kicker && <p className="card-kicker">{card.kicker}</p>}
        <Heading className="card-title">
          <Link href={`/products/${card.id}`} className="card-link">
            {card.name ?? UNNAMED_PRODUCT}
          </Link>
        </Heading>
        {card.description && <p className="card-desc">{card.description}</p>}
        <div className="card-foot">
          <Price price={card.price} original={card.original} />
          {card.inStock === false && <span className="shrink-0 text-xs font-medium text-muted">Out of stock</span>}
        </div>
        {card.stock !== undefined && (
          <div className="relative z-10 pt-3">
            <AddToCart productId={card.id} stock={card.stock} compact />
          </div>
        )}
      </div>
    </article>
  );
}
