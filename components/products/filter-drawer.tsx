'use client';
/**
 * The product filters are rendered once: a sidebar on wide screens and, on a phone, the same
 * sidebar opened as a drawer by the "Filters" button (FilterDrawerButton). Rendering the panel a
 * second time inside a dialog doubled the page's React payload.
 *
 * Each filter change navigates to a new /products address, which is a new cached page; a drawer
 * open at that moment opens again on the new page so the shopper can keep ticking.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { buttonClasses } from '@/components/ui/button';
import { CloseIcon, FilterIcon } from '@/components/ui/icons';

type DrawerState = { open: boolean; setOpen: (open: boolean) => void; buttonRef: React.RefObject<HTMLButtonElement | null> };
const DrawerContext = createContext<DrawerState | null>(null);

/**
 * Whether a drawer is open, kept outside React: a filter change navigates to another cached page,
 * whose drawer starts open when this one was (within a few minutes), so the shopper keeps ticking.
 */
let openSince: number | null = null;
const REOPEN_WINDOW_MS = 5 * 60_000;

/** Wraps the listing: shares the drawer's open state between its button and the sidebar. */
export function FilterDrawerRoot({ children }: { children: React.ReactNode }) {
  const [open, setOpenState] = useState(() => openSince !== null && Date.now() - openSince < REOPEN_WINDOW_MS);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const setOpen = useCallback((next: boolean) => {
    openSince = next ? Date.now() : null;
    setOpenState(next);
    if (!next) buttonRef.current?.focus();
  }, []);
  return <DrawerContext.Provider value={{ open, setOpen, buttonRef }}>{children}</DrawerContext.Provider>;
}

function useDrawer(): DrawerState {
  const state = useContext(DrawerContext);
  if (!state) throw new Error('FilterDrawerRoot is missing');
  return state;
}

/** Phone only: opens the filters, showing how many are active. */
export function FilterDrawerButton({ activeCount }: { activeCount: number }) {
  const { setOpen, buttonRef } = useDrawer();
  return (
    <button ref={buttonRef} type="button" className={clsx(buttonClasses('outline', 'md'), 'lg:hidden')} data-testid="open-filters" aria-haspopup="dialog" onClick={() => setOpen(true)}>
      <FilterIcon />
      Filters{activeCount > 0 ? ` (${activeCount})` : ''}
    </button>
  );
}

/** The sidebar; on a phone, while open, a modal drawer from the left with a "Show N products" button. */
export function FilterDrawerPanel({ total, children }: { total: number; children: React.ReactNode }) {
  const { open, setOpen } = useDrawer();
  const closeRef = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, setOpen]);

  return (
    <>
      {open && <div aria-hidden="true" className="fixed inset-0 z-50 bg-ink/40 animate-[fade-in_150ms_ease-out] lg:hidden" onClick={() => setOpen(false)} />}
      {/* A div, not <aside>: an aside may not take the dialog role (axe aria-allowed-role). Closed, it is
          the page's complementary landmark as an aside would be. */}
      <div
        aria-labelledby="filters-title"
        role={open ? 'dialog' : 'complementary'}
        aria-modal={open || undefined}
        className={clsx(
          open
            ? 'fixed inset-y-0 left-0 z-50 flex w-[min(24rem,92vw)] flex-col bg-surface shadow-xl animate-[slide-in-left_200ms_ease-out] lg:static lg:z-auto lg:block lg:w-auto lg:bg-transparent lg:shadow-none lg:animate-none'
            : 'hidden lg:block',
        )}
      >
        <div className={clsx('items-center justify-between', open ? 'flex h-16 shrink-0 border-b border-line px-5 lg:hidden' : 'contents')}>
          <h2 id="filters-title" className={open ? 'font-display text-lg' : 'sr-only'}>
            Filters
          </h2>
          {open && (
            <button ref={closeRef} type="button" className={clsx(buttonClasses('ghost', 'sm'), 'px-2')} aria-label="Close filters" onClick={() => setOpen(false)}>
              <CloseIcon />
            </button>
          )}
        </div>
        <div className={open ? 'flex-1 overflow-y-auto px-5 py-5 lg:overflow-visible lg:p-0' : undefined}>{children}</div>
        {open && (
          <div className="shrink-0 border-t border-line p-4 lg:hidden">
            <button type="button" className={clsx(buttonClasses('primary', 'md'), 'w-full')} onClick={() => setOpen(false)}>
              Show {total.toLocaleString('en-NZ')} {total === 1 ? 'product' : 'products'}
            </button>
          </div>
        )}
      </div>
    </>
  );
}
