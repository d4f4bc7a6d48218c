'use client';
/**
 * A small product picture for cart and order lines: the product's own image, else (or when the image
 * fails to load) the line illustration of its kind tinted by its colour, as on the product's card (spec §9).
 */
import { useState } from 'react';
import { Illustration } from '@/components/products/illustration';

export function ProductThumb({
  src,
  alt,
  size = 72,
  illustration,
  color,
}: {
  src?: string | null;
  alt: string;
  size?: number;
  /** Path of the product's illustration (cart and order JSON carry it); the general one when unknown. */
  illustration?: string | null;
  color?: string | null;
}) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <div aria-hidden="true" className="shrink-0 overflow-hidden rounded-lg bg-[#f4f1ea]" style={{ width: size, height: size }} data-testid="product-thumb">
        <Illustration src={illustration || '/illustrations/furniture.svg'} color={color} alt="" />
      </div>
    );
  }
  return (
    // Product images come from the catalogue's storage (local or uploadthing) at any size; a plain
    // img keeps them working without configuring remote hosts for next/image.
    // eslint-disable-next-line @next/next/no-img-element
    <img src={src} alt={alt} width={size} height={size} loading="lazy" onError={() => setBroken(true)} className="shrink-0 rounded-lg bg-canvas object-cover" style={{ width: size, height: size }} data-testid="product-thumb" />
  );
}
