/**
 * A product's line illustration (lib/catalog/illustrations) tinted by its colour (lib/storefront/colour-swatch),
 * so a search for "sofa" shows grey, beige and red sofas rather than a grid of identical drawings.
 * Cheap on purpose: a copy of the drawing's symbol in the one illustration sprite
 * (lib/storefront/illustration-sprite.ts) whose light fills read --tint; no image document per picture,
 * nothing generated per request, about 200 bytes of markup.
 * No hooks: renders on the server and inside client components alike.
 */
import type { CSSProperties } from 'react';
import clsx from 'clsx';
import { ILLUSTRATION_SPRITE, illustrationKind } from '@/lib/storefront/illustration-sprite';
import { tintFor } from '@/lib/storefront/colour-swatch';
import { NO_IMAGE_ALT } from './no-image';

/** The drawing alone, sized by its class (240 × 180 units); alt "" hides it from assistive technology. */
export function IllustrationArt({ src, alt, className }: { src: string; alt: string; className?: string }) {
  return (
    <svg viewBox="0 0 240 180" width={240} height={180} className={className} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}>
      <use href={`${ILLUSTRATION_SPRITE}#${illustrationKind(src)}`} />
    </svg>
  );
}

/** The drawing in the middle of its box, filled with the product's colour when it has one. */
export function Illustration({ src, color, alt = NO_IMAGE_ALT, className }: { src: string; color?: string | null; alt?: string; className?: string }) {
  const tint = tintFor(color);
  return (
    <span className={clsx('ill', className)} data-tint={tint ?? undefined} style={tint ? ({ '--tint': tint } as CSSProperties) : undefined}>
      <IllustrationArt src={src} alt={alt} />
    </span>
  );
}
