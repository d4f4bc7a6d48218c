'use client';
/**
 * The home page banner (spec §2 Home, §9): three slides, auto-playing every 3000 ms in an infinite
 * loop, no thumbnails, a Shop Now button on each. Autoplay pauses while the pointer or keyboard
 * focus is on it, with a visible pause button (and does not start for people who ask for reduced
 * motion). The slides are server-rendered, so the copy and links exist without JavaScript.
 */
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import Image from 'next/image';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import clsx from 'clsx';
import { buttonClasses } from '@/components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';

export type HeroSlide = { eyebrow: string; title: string; text: string; href: string; image: string; tone: 'sage' | 'sand' | 'mist' };

export const BANNER_INTERVAL_MS = 3000;

const TONES: Record<HeroSlide['tone'], string> = {
  sage: 'bg-[#e3ece5]',
  sand: 'bg-[#f1e7da]',
  mist: 'bg-[#e4eaee]',
};

export function HeroBanner({ slides }: { slides: HeroSlide[] }) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true }, [
    Autoplay({ delay: BANNER_INTERVAL_MS, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true }),
  ]);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(true);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    const autoplay = emblaApi.plugins().autoplay;
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(autoplay?.isPlaying() ?? false);
    emblaApi.on('select', onSelect).on('autoplay:play', onPlay).on('autoplay:stop', onStop);
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      autoplay?.stop();
      // Reading the plugin's state after stopping it; not a cascading render.
      queueMicrotask(() => setPlaying(false));
    }
    return () => {
      emblaApi.off('select', onSelect).off('autoplay:play', onPlay).off('autoplay:stop', onStop);
    };
  }, [emblaApi]);

  const scrollTo = useCallback((i: number) => emblaApi?.scrollTo(i), [emblaApi]);
  const togglePlay = useCallback(() => {
    const autoplay = emblaApi?.plugins().autoplay;
    if (!autoplay) return;
    if (autoplay.isPlaying()) {
      autoplay.stop();
      setPlaying(false);
    } else {
      autoplay.play();
      setPlaying(true);
    }
  }, [emblaApi]);

  return (
    <section aria-roledescription="carousel" aria-label="This season at Totara Home" className="relative" data-testid="hero-banner">
      {/* relative: the slides' sr-only text (absolutely positioned) must be clipped with them, not widen the page. */}
      <div ref={emblaRef} className="relative overflow-hidden rounded-[1.25rem]">
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
        <button type="button" onClick={() => emblaApi?.scrollPrev()} className="grid size-9 place-items-center rounded-full border border-line bg-surface text-ink hover:border-brand" aria-label="Previous slide">
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
        <button type="button" onClick={() => emblaApi?.scrollNext()} className="grid size-9 place-items-center rounded-full border border-line bg-surface text-ink hover:border-brand" aria-label="Next slide">
          <ChevronRightIcon className="size-4" />
        </button>
        <button type="button" onClick={togglePlay} className="ml-2 h-9 rounded-full border border-line bg-surface px-3 text-xs font-medium text-ink hover:border-brand" aria-label={playing ? 'Pause slideshow' : 'Play slideshow'} data-testid="banner-pause">
          {playing ? 'Pause' : 'Play'}
        </button>
      </div>
    </section>
  );
}
