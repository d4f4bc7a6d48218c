/**
 * A product's line illustration (lib/ui/illustrations) tinted by its colour (lib/ui/colour-swatch),
 * so a search for "sofa" shows grey, beige and red sofas rather than a grid of identical drawings.
 * Cheap on purpose: the static SVG once as an <img>, and over it the same SVG as a CSS mask filled
 * with the colour and multiplied onto the drawing (its light fills take the colour, its dark lines
 * stay dark). No inline SVG per card, nothing generated per request.
 * No hooks: renders on the server and inside client components alike.
 */
import type { CSSProperties } from 'react';
import clsx from 'clsx';
import { tintFor } from '@/lib/ui/colour-swatch';
import { NO_IMAGE_ALT } from './no-image';

/** The drawing sits in the middle 84 % of its box (the same inset for the image and its tint). */
const PLACE = 'absolute left-[8%] top-[8%] h-[84%] w-[84%]';

export function Illustration({ src, color, alt = NO_IMAGE_ALT, priority, className }: { src: string; color?: string | null; alt?: string; priority?: boolean; className?: string }) {
  const tint = tintFor(color);
  const mask = `url(${src}) center / contain no-repeat`;
  const style: CSSProperties | undefined = tint ? { backgroundColor: tint, mask, WebkitMask: mask } : undefined;
  return (
    <span className={clsx('relative block size-full', className)} data-testid="product-illustration" data-tint={tint ?? undefined}>
      {/* A static file drawn at any size: next/image would add nothing but markup. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={src} alt={alt} width={240} height={180} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : undefined} decoding="async" className={clsx(PLACE, 'object-contain')} />
      {tint && <span aria-hidden="true" className={clsx(PLACE, 'mix-blend-multiply')} style={style} />}
    </span>
  );
}
