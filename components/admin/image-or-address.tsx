'use client';
/**
 * An image that, if it fails to load, shows its address instead of the picture (spec §2 Product
 * Management, Edit Images). Plain <img>: admin thumbnails come from local storage or uploadthing
 * and need no optimisation.
 */
import clsx from 'clsx';
import { useState } from 'react';

type Props = { src: string; alt: string; className?: string; onClick?: () => void; testId?: string };

export function ImageOrAddress({ src, alt, className, onClick, testId }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <span
        data-testid={testId ? `${testId}-address` : undefined}
        title="This image could not be loaded"
        className={clsx('flex items-center justify-center overflow-hidden break-all bg-canvas p-1 text-center text-[10px] leading-tight text-muted', className)}
      >
        {/* A local object URL means nothing to a person: say the picture cannot be shown. */}
        {src.startsWith('blob:') ? 'Preview not available' : src}
      </span>
    );
  }
  const img = (
    // eslint-disable-next-line @next/next/no-img-element -- admin previews of stored or blob: URLs
    <img src={src} alt={alt} loading="lazy" data-testid={testId} className={className} onError={() => setFailedSrc(src)} />
  );
  if (!onClick) return img;
  return (
    <button type="button" onClick={onClick} className="block rounded-md focus-visible:outline-2" aria-label={`Preview ${alt}`}>
      {img}
    </button>
  );
}
