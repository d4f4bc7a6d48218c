'use client';
/**
 * A product in a grid: picture (or illustration tinted by its colour), category, name, colour (with a
 * swatch) and size, short description, price, any promotion and the add-to-cart control (spec §4:
 * add from product cards; a visitor gets "Login to Add", a link to log in and back). An
 * out-of-stock product shows an "Out of stock" badge on its picture and no add-to-cart control. A
 * heart on the picture saves it for later (components/saved/save-button.tsx). The card's name links
 * to /products/{id} and its link covers the card, except the heart and the add-to-cart control
 * above it. Fallback name "Unnamed Product" (§8).
 *
 * A client component fed a compact CardView (card-view.ts): the page's React payload then carries
 * the card's data, not its whole element tree, which keeps the cached listing pages small.
 */
import Link from 'next/link';
import { AddToCart } from '@/components/cart/add-to-cart';
import { SaveButton } from '@/components/saved/save-button';
import type { CardView } from './card-view';
import { ColourSwatch } from './colour-swatch';
import { Illustration } from './illustration';
import { ImageWithFallback } from './image-with-fallback';
import { NO_IMAGE_ALT, UNNAMED_PRODUCT } from './no-image';
import { PriceTag } from './price';
import { formatRating, Stars } from '@/components/reviews/stars';

/** The card's price comes formatted (card.price): no money formatting runs in the browser. */
export function ProductCard({ card, headingLevel = 'h3', priority }: { card: CardView; headingLevel?: 'h2' | 'h3'; priority?: boolean }) {
  const Heading = headingLevel;
  const soldOut = card.inStock === false || (card.stock !== undefined && card.stock <= 0);
  return (
    <article className="group card" data-testid="product-card">
      <div className="img-box aspect-[4/3]">
        {card.image ? (
          <ImageWithFallback src={card.image} fallback={card.fallback} color={card.color} alt={card.name ?? NO_IMAGE_ALT} priority={priority} />
        ) : (
          <Illustration src={card.fallback} color={card.color} />
        )}
      </div>
      {soldOut && (
        <span className="absolute left-2 top-2 rounded-full bg-ink/85 px-2.5 py-1 text-xs font-semibold text-white sm:left-3 sm:top-3" data-testid="out-of-stock">
          Out of stock
        </span>
      )}
      <div className="absolute right-2 top-2 z-10 sm:right-3 sm:top-3">
        <SaveButton productId={card.id} name={card.name ?? UNNAMED_PRODUCT} />
      </div>
      <div className="card-body">
        {card.kicker && <p className="card-kicker">{card.kicker}</p>}
        <Heading className="card-title">
          <Link href={`/products/${card.id}`} className="card-link">
            {card.name ?? UNNAMED_PRODUCT}
          </Link>
        </Heading>
        {(card.color || card.size) && (
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-ink/80" data-testid="card-variant">
            <ColourSwatch color={card.color} />
            <span className="truncate">{[card.color, card.size].filter(Boolean).join(' · ')}</span>
          </p>
        )}
        {card.rating && (
          <p className="flex items-center gap-1.5 text-sm text-ink/80" data-testid="card-rating">
            <Stars rating={card.rating.average} className="text-sm" />
            <span aria-hidden="true" className="tabular-nums">
              {formatRating(card.rating.average)} ({card.rating.count})
            </span>
            <span className="sr-only">{card.rating.count === 1 ? '1 review' : `${card.rating.count} reviews`}</span>
          </p>
        )}
        {card.description && <p className="card-desc">{card.description}</p>}
        <div className="card-foot">
          <PriceTag view={card.price} />
        </div>
        {card.stock !== undefined && !soldOut && (
          <div className="relative z-10 pt-3">
            <AddToCart productId={card.id} stock={card.stock} compact />
          </div>
        )}
      </div>
    </article>
  );
}
