'use client';
/** A product photo that turns into the product's (tinted) illustration if it fails to load (spec §9). */
import Image from 'next/image';
import { useState } from 'react';
import { Illustration } from './illustration';

export function ImageWithFallback({ src, fallback, color, alt, priority }: { src: string; fallback: string; color?: string | null; alt: string; priority?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Illustration src={fallback} color={color} />;
  return (
    <Image
      ref={(img) => {
        // The server-rendered <img> may have failed before React attached onError.
        if (img?.complete && img.naturalWidth === 0) queueMicrotask(() => setFailed(true));
      }}
      src={src}
      alt={alt}
      width={800}
      height={600}
      unoptimized
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setFailed(true)}
      className="size-full object-cover"
      data-testid="product-photo"
    />
  );
}
