'use client';
/**
 * The toast outlet for the whole app (sonner's Toaster, in the root layout so a toast raised just
 * before a navigation still shows on the next page). The cached shopper pages (home, listings,
 * product pages: isCachedShopperPath) raise no toast, so there sonner is not loaded at all: its
 * JavaScript and a stylesheet inserted into the page would otherwise land in the seconds after
 * hydration on every landing page. It loads on the first page that can raise one (cart, checkout,
 * orders, profile, the back office …) and stays for the rest of the visit; those pages import
 * `toast` from sonner themselves, so there the code is already loaded.
 */
import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { isCachedShopperPath } from '@/lib/storefront/page-cache';

const SonnerToaster = dynamic(() => import('sonner').then((m) => m.Toaster), { ssr: false });

export function Toaster() {
  const pathname = usePathname();
  const [needed, setNeeded] = useState(false);
  // Once needed, kept: toasts raised on one page stay up across a client-side navigation.
  if (!needed && !isCachedShopperPath(pathname)) setNeeded(true);
  return needed ? <SonnerToaster position="top-center" richColors closeButton /> : null;
}
