'use client';
/**
 * The phone header's menu button. The menu itself (mobile-menu-panel.tsx, a Radix dialog with every
 * header link and the catalogue's rooms) is fetched when the button is first pointed at, focused
 * or pressed: most visitors never open it, and every cached page would otherwise load and compile
 * the dialog's code before it becomes interactive.
 */
import dynamic from 'next/dynamic';
import clsx from 'clsx';
import { useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { MenuIcon } from '@/components/ui/icons';
import type { NavLink } from '@/lib/storefront/site-nav';

const loadPanel = () => import('./mobile-menu-panel').then((m) => m.MobileMenuPanel);
const MobileMenuPanel = dynamic(loadPanel, { ssr: false });
// A failed early fetch is retried by the press that needs it.
const preload = () => void loadPanel().catch(() => undefined);

export function MobileMenu({ guestLinks, className }: { guestLinks: NavLink[]; className?: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so that closing can animate and reopening is instant.
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={clsx(buttonClasses('ghost', 'sm'), 'px-3', className)}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="menu-button"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <MenuIcon className="size-6" />
      </button>
      {mounted && <MobileMenuPanel guestLinks={guestLinks} open={open} onOpenChange={setOpen} trigger={button} />}
    </>
  );
}
