'use client';
/**
 * Who is browsing, known in the browser only. Storefront pages are cached and the same for
 * everyone, so the parts that depend on the session — the header's account menu and cart badge,
 * the footer's admin column, add-to-cart — read it from here. The provider asks GET /api/viewer
 * once per page address (so signing in or out, which navigates, is picked up) and again whenever
 * the cart changes (CART_CHANGED_EVENT).
 */
import { createContext, startTransition, useContext, useEffect, useRef, useState } from 'react';
import { usePathname } from 'next/navigation';
import { api } from '@/lib/api/client';
import type { Viewer } from '@/lib/storefront/site-nav';

/** Fired on window after the cart changes (an add, a removal, an order), for the badge to refresh. */
export const CART_CHANGED_EVENT = 'cart:changed';

/**
 * `loading` until the first answer: session-dependent controls wait instead of guessing.
 * `savedIds`: the products the viewer saved, which the hearts show (docs/saved-items.md).
 */
export type ViewerState = { status: 'loading' | 'ready'; viewer: Viewer; cartCount: number; savedIds: ReadonlySet<number> };

const NONE: ReadonlySet<number> = new Set();
const INITIAL: ViewerState = { status: 'loading', viewer: null, cartCount: 0, savedIds: NONE };
const ViewerContext = createContext<ViewerState>(INITIAL);

/** Tells every ViewerProvider on the page that the cart changed. */
export function notifyCartChanged(): void {
  window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT));
}

/**
 * Asks the server; null when it could not be reached or answered an error. GET /api/viewer never
 * answers 401 (a visitor is `user: null`), so asking never starts the client's sign-out.
 */
async function fetchViewer(): Promise<Omit<ViewerState, 'status'> | null> {
  try {
    const { user, cart_count, saved_product_ids } = await api.viewer.get();
    return { viewer: user ? { userName: user.user_name, isAdmin: user.is_admin } : null, cartCount: cart_count, savedIds: saved_product_ids.length ? new Set(saved_product_ids) : NONE };
  } catch (e) {
    console.warn('[viewer] GET /api/viewer failed', e);
    return null;
  }
}

export function ViewerProvider({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  const [state, setState] = useState<ViewerState>(INITIAL);
  const [cartChanges, setCartChanges] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const call = ++latest.current;
    void fetchViewer().then((next) => {
      if (call !== latest.current) return; // a newer request is on its way
      // On failure keep what we knew (a visitor's controls stay the visitor's). A transition: every
      // add-to-cart control on the page re-renders with the answer, and React may then do that in
      // slices between frames instead of one task that holds up a tap or a scroll.
      startTransition(() => setState((s) => (next ? { status: 'ready', ...next } : { ...s, status: 'ready' })));
    });
  }, [pathname, cartChanges]);

  useEffect(() => {
    const onChange = () => setCartChanges((n) => n + 1);
    window.addEventListener(CART_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(CART_CHANGED_EVENT, onChange);
  }, []);

  return <ViewerContext.Provider value={state}>{children}</ViewerContext.Provider>;
}

/** The viewer, its cart count and whether they are known yet. */
export function useViewer(): ViewerState {
  return useContext(ViewerContext);
}
