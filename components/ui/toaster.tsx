'use client';
/**
 * The toast outlet for the whole app (sonner's Toaster), loaded after the page has hydrated. Most
 * storefront pages never show a toast, and sonner is ~50 kB of JavaScript that every cached page
 * would otherwise download and compile before it is interactive. Pages that raise toasts import
 * `toast` from sonner themselves, so on those the code is already there when this mounts.
 */
import dynamic from 'next/dynamic';

const SonnerToaster = dynamic(() => import('sonner').then((m) => m.Toaster), { ssr: false });

export function Toaster() {
  return <SonnerToaster position="top-center" richColors closeButton />;
}
