'use client';
/**
 * The product page's pictures: the chosen one large, and — with more than one — a row of
 * thumbnails that switch it. The choice is kept in the browser so the page itself stays one cached
 * document per product.
 */
import { useState } from 'react';
import clsx from 'clsx';
import type { IllustrationSubject } from '@/lib/catalog/illustrations';
import { ProductImage } from './product-image';

type GalleryImage = { image_url: string | null };

/** `product`: what the piece is and its colour, for the tinted illustration when there is no photo (keep it small: it is sent to the browser). */
export function ProductGallery({ images, name, product }: { images: GalleryImage[]; name: string; product: IllustrationSubject & { color?: string | null } }) {
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <>
      <ProductImage images={images} src={current?.image_url ?? null} product={product} name={name} priority className="aspect-[4/3] rounded-[1.25rem] border border-line" />
      {images.length > 1 && (
        <ul className="mt-3 grid grid-cols-5 gap-2" aria-label="More pictures">
          {images.map((img, i) => (
            <li key={`${img.image_url}-${i}`}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Picture ${i + 1} of ${images.length}`}
                aria-pressed={i === index}
                className={clsx('block w-full overflow-hidden rounded-lg border-2', i === index ? 'border-brand' : 'border-transparent hover:border-line')}
              >
                <ProductImage src={img.image_url} product={product} name={`${name}, picture ${i + 1}`} className="aspect-square" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
