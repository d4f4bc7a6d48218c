'use client';
/**
 * The home page banner (spec §2 Home, §9): three slides, auto-playing every 3000 ms in an infinite
 * loop, no thumbnails, a Shop Now button on each. Autoplay pauses while the pointer or keyboard
 * focus is on it, with a visible pause button (and does not start for people who ask for reduced
 * motion). The slides are server-rendered, so the copy and links exist without JavaScript.
 *
 * The carousel is embla through its React hook (embla-carousel-react, the design card's package),
 * created inactive (`active: false`: no measuring, no autoplay) and switched on once the browser is
 * idle after hydration, or at once when a control is used first (the control's move then runs as
 * soon as it is on). Until then the first slide simply shows; its first turn is due 3 s later
 * anyway. Set up during hydration it measured every slide (forced layouts) inside the page's
 * longest task.
 */
import Image from 'next/image';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
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

/** Autoplay every 3 s, paused while pointed at or focused; not at all for people who ask for reduced motion. */
function autoplayPlugin() {
  const reducedMotion = typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return Autoplay({ delay: BANNER_INTERVAL_MS, playOnInit: !reducedMotion, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true });
}

export function HeroBanner({ slides }: { slides: HeroSlide[] }) {
  const [active, setActive] = useState(false);
  const [plugins] = useState(() => [autoplayPlugin()]);
  const [viewportRef, api] = useEmblaCarousel({ loop: true, active }, plugins);
  /** A control's move made before the carousel was on; run once it is. */
  const pending = useRef<((api: EmblaCarouselType) => void) | null>(null);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(true);

  // On when the browser is first idle after hydration.
  useEffect(() => {
    const start = () => setActive(true);
    const idle = 'requestIdleCallback' in window;
    const handle = idle ? window.requestIdleCallback(start, { timeout: 2000 }) : window.setTimeout(start, 1000);
    return () => (idle ? window.cancelIdleCallback(handle) : window.clearTimeout(handle));
  }, []);

  // Once on (embla-carousel-react has re-initialised it with active: true): follow the slide and the
  // autoplay, and make the move of a control pressed before.
  useEffect(() => {
    if (!api || !active) return;
    const autoplay = () => api.plugins().autoplay;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(autoplay()?.isPlaying() ?? false);
    api.on('select', onSelect).on('autoplay:play', onPlay).on('autoplay:stop', onStop);
    // Syncing with embla, an external system that has just started: whether autoplay runs (not for
    // reduced motion) is known only now, and the pending move is the visitor's.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPlaying(autoplay()?.isPlaying() ?? false);
    const move = pending.current;
    pending.current = null;
    move?.(api);
    return () => {
      api.off('select', onSelect).off('autoplay:play', onPlay).off('autoplay:stop', onStop);
    };
  }, [api, active]);

  /** Makes a control's move now, or switches the carousel on and makes it then. */
  const use = useCallback(
    (move: (api: EmblaCarouselType) => void) => {
      if (api && active) move(api);
      else {
        pending.current = move;
        setActive(true);
      }
    },
    [api, active],
  );

  const scrollPrev = useCallback(() => use((a) => a.scrollPrev()), [use]);
  const scrollNext = useCallback(() => use((a) => a.scrollNext()), [use]);
  const scrollTo = useCallback((i: number) => use((a) => a.scrollTo(i)), [use]);
  const togglePlay = useCallback(
    () =>
      use((a) => {
        const autoplay = a.plugins().autoplay;
        if (!autoplay) return;
        if (autoplay.isPlaying()) {
          autoplay.stop();
          setPlaying(false);
        } else {
          autoplay.play();
          setPlaying(true);
        }
      }),
    [use],
  );

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
