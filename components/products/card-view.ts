/**
 * The data a product card shows, cut down on the server from a catalogue product (ProductJson or a
 * promotional product): only what the card renders, so each card costs a few hundred bytes of the
 * page's React payload.
 */
import { illustrationOf } from '@/lib/catalog/illustrations';
import { primaryImageUrl } from '@/lib/storefront/product-image';
import { priceView, type PriceView } from './price';
import type { CardProduct } from './types';

export type CardView = {
  id: number;
  /** Trimmed name, null when blank (the card shows "Unnamed Product"). */
  name: string | null;
  /** The subcategory line above the name. */
  kicker: string | null;
  /** At most two lines' worth of the description. */
  description: string | null;
  /** The price formatted in the store currency on the server (price.tsx priceView); null: not available. */
  price: PriceView | null;
  /** The primary photo, or null for the illustration. */
  image: string | null;
  /** The line illustration of the product's kind (also shown when the photo fails), tinted by `color`. */
  fallback: string;
  /** Colour name ("Dark grey"): shown with a swatch and tints the illustration. */
  color: string | null;
  /** Size as sold ("140x200 cm"). */
  size: string | null;
  inStock?: boolean;
  /** Units available; a card with a stock figure shows the add-to-cart control. */
  stock?: number;
  /** The average of the approved reviews and their number; absent without reviews. */
  rating?: { average: number; count: number };
};

/** The card shows two lines of the description at most; the rest would only weigh down the page. */
export const DESCRIPTION_CHARS = 110;

const clip = (text: string) => (text.length <= DESCRIPTION_CHARS ? text : `${text.slice(0, DESCRIPTION_CHARS).replace(/\s+\S*$/, '')}…`);

/** `currency`: the store currency (ISO 4217) the price is shown in. */
export function toCardView(p: CardProduct, currency: string): CardView {
  const name = p.name?.trim() || null;
  const description = p.description?.trim() || null;
  return {
    id: p.product_id,
    name,
    kicker: p.category_name ?? null,
    description: description && clip(description),
    price: priceView(p.price, p.original_price, currency),
    image: primaryImageUrl(p.images),
    fallback: illustrationOf(p),
    color: p.color ?? null,
    size: p.size ?? null,
    ...(p.in_stock !== undefined && { inStock: p.in_stock }),
    ...(p.stock !== undefined && { stock: p.stock }),
    ...(p.rating_average != null && p.rating_count ? { rating: { average: p.rating_average, count: p.rating_count } } : {}),
  };
}
