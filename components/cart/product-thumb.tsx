'use client';
/** A small product picture for cart and order lines; a calm placeholder when missing or broken (spec §9). */
import { useState } from 'react';

export function ProductThumb({ src, alt, size = 72 }: { src?: string | null; alt: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <div aria-hidden="true" className="flex shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand" style={{ width: size, height: size }}>
        <svg viewBox="0 0 24 24" width={size / 2.4} height={size / 2.4} fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M4 11V7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v4M3 11h18v5H3zM5 16v3M19 16v3" />
        </svg>
      </div>
    );
  }
  return (
    // Product images come from the catalogue's storage (local or uploadthing) at any size; a plain
    // img keeps them working without configuring remote hosts for next/image.
    // eslint-disable-next-line @next/next/no-img-element
    <img src={src} alt={alt} width={size} height={size} loading="lazy" onError={() => setBroken(true)} className="shrink-0 rounded-lg bg-canvas object-cover" style={{ width: size, height: size }} />
  );
}
