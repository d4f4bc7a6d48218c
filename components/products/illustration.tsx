/**
 * A product's line illustration (lib/ui/illustrations) tinted by its colour (lib/ui/colour-swatch),
 * so a search for "sofa" shows grey, beige and red sofas rather than a grid of identical drawings.
 * Cheap on purpose: the static SVG once as an <img>, and (CSS `.ill` in app/globals.css) the same
 * SVG as a mask filled with the colour and multiplied onto the drawing. No inline SVG per card,
 * nothing generated per request; about 250 bytes of markup.
 * No hooks: renders on the server and inside client components alike.
 */
import type { CSSProperties } from 'react';
import clsx from 'clsx';
import { tintFor } from '@/lib/ui/colour-swatch';
import { NO_IMAGE_ALT } from './no-image';

export function Illustration({ src, color, alt = NO_IMAGE_ALT, priority, className }: { src: string; color?: string | null; alt?: string; priority?: boolean; className?: string }) {
  const tint = tintFor(color);
  const style = tint ? ({ '--tint': tint, '--ill': `url(${src})` } as CSSProperties) : undefined;
  return (
    <span className={clsx('ill', className)} data-tint={tint ?? undefined} style={style}>
      {/* A static file drawn at any size: next/image would add nothing but markup. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={src} alt={alt} width={240} height={180} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : undefined} />
    </span>
  );
}
