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

/** The card shows two lines of the description at most; the rest would only weigh down the page. */
const DESCRIPTION_CHARS = 110;
const clip = (text: string) => (text.length <= DESCRIPTION_CHARS ? text : `${text.slice(0, DESCRIPTION_CHARS).replace(/\s+\S*$/, '')}…`);

export function ProductCard({ product, headingLevel = 'h3', priority }: { product: CardProduct; headingLevel?: 'h2' | 'h3'; priority?: boolean }) {
  const Heading = headingLevel;
  const name = product.name?.trim() || UNNAMED_PRODUCT;
  const description = product.description?.trim();
  return (
    <article className="group card" data-testid="product-card">
      <ProductImage
        images={product.images}
        name={product.name}
        kind={[description, product.category_name, product.room_name]}
        priority={priority}
        className="aspect-[4/3]"
      />
      <div className="card-body">
        {product.category_name && <p className="card-kicker">{product.category_name}</p>}
        <Heading className="card-title">
          <Link href={`/products/${product.product_id}`} className="card-link">
            {name}
          </Link>
        </Heading>
        {description && <p className="card-desc">{clip(description)}</p>}
        <div className="card-foot">
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
