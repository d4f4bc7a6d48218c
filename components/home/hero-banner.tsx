'use client';
/**
 * The home page banner (spec §2 Home, §9): three slides, auto-playing every 3000 ms in an infinite
 * loop, no thumbnails, a Shop Now button on each. Autoplay pauses while the pointer or keyboard
 * focus is on it, with a visible pause button (and does not start for people who ask for reduced
 * motion). The slides are server-rendered, so the copy and links exist without JavaScript.
 *
 * The carousel (embla and its autoplay plugin) is not part of the page's start-up JavaScript: it
 * is loaded once the browser is idle after hydration, or at once when a control is used first.
 * Until then the first slide simply shows; its first turn is due 3 s later anyway. Set up during
 * hydration it measured every slide (forced layouts) inside the page's longest task.
 */
import Image from 'next/image';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import type { EmblaCarouselType } from 'embla-carousel';
import { buttonClasses } from '@/components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';

export type HeroSlide = { eyebrow: string; title: string; text: string; href: string; image: string; tone: 'sage' | 'sand' | 'mist' };

export const BANNER_INTERVAL_MS = 3000;

const TONES: Record<HeroSlide['tone'], string> = {
  sage: 'bg-[#e3ece5]',
  sand: 'bg-[#f1e7da]',
  mist: 'bg-[#e4eaee]',
};

/** Embla on the banner's viewport, with autoplay unless the visitor asks for reduced motion. */
async function startCarousel(viewport: HTMLElement): Promise<EmblaCarouselType> {
  const [{ default: EmblaCarousel }, { default: Autoplay }] = await Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]);
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return EmblaCarousel(viewport, { loop: true }, [
    Autoplay({ delay: BANNER_INTERVAL_MS, playOnInit: !reducedMotion, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true }),
  ]);
}

export function HeroBanner({ slides }: { slides: HeroSlide[] }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const carouselRef = useRef<Promise<EmblaCarouselType> | null>(null);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(true);

  /** The carousel, started on first use. */
  const carousel = useCallback(() => {
    if (!carouselRef.current && viewportRef.current) {
      carouselRef.current = startCarousel(viewportRef.current).then((api) => {
        const autoplay = api.plugins().autoplay;
        api
          .on('select', () => setSelected(api.selectedScrollSnap()))
          .on('autoplay:play', () => setPlaying(true))
          .on('autoplay:stop', () => setPlaying(autoplay?.isPlaying() ?? false));
        setPlaying(autoplay?.isPlaying() ?? false);
        return api;
      });
    }
    return carouselRef.current;
  }, []);

  useEffect(() => {
    const start = () => void carousel();
    const idle = 'requestIdleCallback' in window;
    const handle = idle ? window.requestIdleCallback(start, { timeout: 2000 }) : window.setTimeout(start, 1000);
    return () => {
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      void carouselRef.current?.then((api) => api.destroy());
      carouselRef.current = null;
    };
  }, [carousel]);

  const scrollPrev = useCallback(() => void carousel()?.then((api) => api.scrollPrev()), [carousel]);
  const scrollNext = useCallback(() => void carousel()?.then((api) => api.scrollNext()), [carousel]);
  const scrollTo = useCallback((i: number) => void carousel()?.then((api) => api.scrollTo(i)), [carousel]);
  const togglePlay = useCallback(() => {
    void carousel()?.then((api) => {
      const autoplay = api.plugins().autoplay;
      if (!autoplay) return;
      if (autoplay.isPlaying()) {
        autoplay.stop();
        setPlaying(false);
      } else {
        autoplay.play();
        setPlaying(true);
      }
    });
  }, [carousel]);

  return (
    <section aria-roledescription="carousel" aria-label="This season at Totara Home" className="relative" data-testid="hero-banner">
      {/* relative: the slides' sr-only text (absolutely positioned) must be clipped with them, not widen the page. */}
      <div ref={viewportRef} className="relative overflow-hidden rounded-[1.25rem]">
        <div className="flex touch-pan-y">
          {slides.map((s, i) => (
            <div
              key={s.title}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              inert={i !== selected}
              className={clsx('min-w-0 shrink-0 grow-0 basis-full', TONES[s.tone])}
            >
              <div className="grid items-center gap-2 px-6 pb-8 pt-6 sm:px-10 md:grid-cols-2 md:gap-8 md:py-12 lg:px-16">
                <div className="order-2 md:order-1">
                  <p className="text-xs font-semibold uppercase tracking-[0.18em] text-brand-dark">{s.eyebrow}</p>
                  <h2 className="mt-3 font-display text-3xl leading-tight text-ink sm:text-4xl lg:text-5xl">{s.title}</h2>
                  <p className="mt-3 max-w-md text-base text-ink/80 sm:text-lg">{s.text}</p>
                  <Link href={s.href} className={clsx(buttonClasses('primary', 'lg'), 'mt-6')} data-testid="shop-now">
                    Shop Now<span className="sr-only">: {s.eyebrow}</span>
                  </Link>
                </div>
                <div className="order-1 md:order-2">
                  <div className="mx-auto grid aspect-square w-44 place-items-center rounded-full bg-white/70 sm:w-64 md:w-80">
                    <Image src={s.image} alt="" width={480} height={360} unoptimized loading={i === 0 ? "eager" : "lazy"} fetchPriority={i === 0 ? "high" : undefined} className="w-[85%]" />
                  </div>
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex items-center justify-center gap-3">
        <button type="button" onClick={scrollPrev} className="grid size-9 place-items-center rounded-full border border-line bg-surface text-ink hover:border-brand" aria-label="Previous slide">
          <ChevronLeftIcon className="size-4" />
        </button>
        <div className="flex items-center gap-1">
          {slides.map((s, i) => (
            <button
              key={s.title}
              type="button"
              onClick={() => scrollTo(i)}
              aria-label={`Show slide ${i + 1}: ${s.eyebrow}`}
              aria-current={i === selected ? 'true' : undefined}
              className="grid size-6 place-items-center"
            >
              <span className={clsx('block h-2 rounded-full transition-all', i === selected ? 'w-6 bg-brand' : 'w-2 bg-[#c9c2b4]')} />
            </button>
          ))}
        </div>
        <button type="button" onClick={scrollNext} className="grid size-9 place-items-center rounded-full border border-line bg-surface text-ink hover:border-brand" aria-label="Next slide">
          <ChevronRightIcon className="size-4" />
        </button>
        <button type="button" onClick={togglePlay} className="ml-2 h-9 rounded-full border border-line bg-surface px-3 text-xs font-medium text-ink hover:border-brand" aria-label={playing ? 'Pause slideshow' : 'Play slideshow'} data-testid="banner-pause">
          {playing ? 'Pause' : 'Play'}
        </button>
      </div>
    </section>
  );
}
