/**
 * The one place that decides a product's picture (spec §9 fallback): its primary image (is_primary,
 * else the lowest sort_order), else the line illustration of its kind. A photo that fails to load
 * switches to the illustration in the browser (ImageWithFallback).
 */
import Image from 'next/image';
import clsx from 'clsx';
import { illustrationFor } from '@/lib/ui/illustrations';
import { primaryImageUrl, type ImageLike } from '@/lib/ui/product-image';
import { ImageWithFallback } from './image-with-fallback';
import { NO_IMAGE_ALT } from './no-image';

export type ProductImageProps = {
  images?: ImageLike[] | null;
  name?: string | null;
  /** Texts that say what the piece is, most specific first (description, subcategory, room). */
  kind?: (string | null | undefined)[];
  className?: string;
  /** Eager-load (the product page's main image). */
  priority?: boolean;
  /** An explicit image address (gallery thumbnails) instead of the primary one. */
  src?: string | null;
};

export function ProductImage({ images, name, kind = [], className, priority, src }: ProductImageProps) {
  const url = src ?? primaryImageUrl(images);
  const fallback = illustrationFor(...kind, name);
  const box = clsx('img-box', className);
  if (!url) {
    return (
      <div className={box}>
        <Image src={fallback} alt={NO_IMAGE_ALT} width={240} height={180} unoptimized loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : undefined} className="size-full object-contain p-[8%]" />
      </div>
    );
  }
  return (
    <div className={box}>
      <ImageWithFallback src={url} fallback={fallback} alt={name?.trim() || NO_IMAGE_ALT} priority={priority} />
    </div>
  );
}
