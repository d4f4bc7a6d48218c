/** A small round sample of a colour name ("White/light grey" shows both halves); nothing when the colour is unknown. */
import clsx from 'clsx';
import { swatchBackground } from '@/lib/storefront/colour-swatch';

export function ColourSwatch({ color, className }: { color: string | null | undefined; className?: string }) {
  const background = swatchBackground(color);
  if (!background) return null;
  return <span aria-hidden="true" className={clsx('inline-block size-3 shrink-0 rounded-full ring-1 ring-ink/20', className)} style={{ background }} />;
}
