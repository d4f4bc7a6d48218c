/**
 * The one place that decides a product's picture (spec §9 fallback): its primary image (is_primary,
 * else the lowest sort_order), else the line illustration of its kind tinted by its colour. A photo
 * that fails to load switches to the illustration in the browser (ImageWithFallback). The shop,
 * the back office, the cart and the orders all show products through this component or ProductThumb.
 */
import clsx from 'clsx';
import { illustrationOf, type IllustrationSubject } from '@/lib/catalog/illustrations';
import { primaryImageUrl, type ImageLike } from '@/lib/storefront/product-image';
import { Illustration } from './illustration';
import { ImageWithFallback } from './image-with-fallback';
import { NO_IMAGE_ALT } from './no-image';

export type ProductImageProps = {
  images?: ImageLike[] | null;
  /** What the piece is (name, description, subcategory, room, function) and its colour. */
  product: IllustrationSubject & { color?: string | null };
  /** The alt text of a photo (default: the product's name). */
  name?: string | null;
  className?: string;
  /** Eager-load (the product page's main image). */
  priority?: boolean;
  /** An explicit image address (gallery thumbnails) instead of the primary one. */
  src?: string | null;
};

export function ProductImage({ images, product, name = product.name, className, priority, src }: ProductImageProps) {
  const url = src ?? primaryImageUrl(images);
  const fallback = illustrationOf(product);
  const box = clsx('img-box', className);
  return (
    <div className={box}>
      {url ? (
        <ImageWithFallback src={url} fallback={fallback} color={product.color} alt={name?.trim() || NO_IMAGE_ALT} priority={priority} />
      ) : (
        <Illustration src={fallback} color={product.color} />
      )}
    </div>
  );
}
