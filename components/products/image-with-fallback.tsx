'use client';
/** A product photo that turns into the fallback illustration if it fails to load (spec §9). */
import Image from 'next/image';
import { useState } from 'react';
import { NO_IMAGE_ALT } from './no-image';

export function ImageWithFallback({ src, fallback, alt, priority }: { src: string; fallback: string; alt: string; priority?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return <Image src={fallback} alt={NO_IMAGE_ALT} width={240} height={180} unoptimized className="size-full object-contain p-[8%]" />;
  }
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
