'use client';
/**
 * The phone header's menu panel: a Radix dialog sliding in from the right with every header link
 * and the catalogue's rooms and categories. Loaded only when the menu button is first pressed
 * (mobile-menu.tsx), so Radix's dialog stays out of the JavaScript every cached page runs.
 */
import * as Dialog from '@radix-ui/react-dialog';
import Link from 'next/link';
import clsx from 'clsx';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { LogoutButton } from '@/components/auth/logout-button';
import { buttonClasses } from '@/components/ui/button';
import { CloseIcon, UserIcon } from '@/components/ui/icons';
import type { CategoryNode } from '@/lib/catalog/types';
import { HOME_LINKS, roleLinks, type NavLink } from '@/lib/storefront/site-nav';
import { api } from '@/lib/api/client';
import { MenuRooms } from './menu-rooms';
import { useViewer } from './viewer';

/**
 * The rooms and their categories, fetched once when the menu first opens (GET /api/categories,
 * publicly cached): the page around the menu is cached and its layout reads no data, and most
 * visitors never open the menu.
 */
function useRooms(): [CategoryNode[] | null, () => void] {
  const [rooms, setRooms] = useState<CategoryNode[] | null>(null);
  const started = useRef(false);
  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    api.catalog
      .categories()
      .then(setRooms)
      .catch((e: unknown) => {
        // The menu still offers every other link; the next opening tries again.
        console.error('[menu] rooms not loaded:', e);
        started.current = false;
      });
  }, []);
  return [rooms, load];
}

/**
 * The open menu. `open`/`onOpenChange` are the button's state; `trigger` is the button, which gets
 * the focus back when the menu closes (there is no Dialog.Trigger: the button lives outside).
 */
export function MobileMenuPanel({ guestLinks, open, onOpenChange, trigger }: { guestLinks: NavLink[]; open: boolean; onOpenChange: (open: boolean) => void; trigger: RefObject<HTMLButtonElement | null> }) {
  // The viewer comes from the browser (viewer.tsx): the page around the menu is cached.
  const { status, viewer } = useViewer();
  const links = [...HOME_LINKS, ...roleLinks(viewer)];
  const [rooms, loadRooms] = useRooms();
  useEffect(() => {
    if (open) loadRooms();
  }, [open, loadRooms]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-surface shadow-xl outline-none data-[state=open]:animate-[slide-in_200ms_ease-out]"
        >
          <div className="flex h-16 items-center justify-between border-b border-line px-5">
            <Dialog.Title className="font-display text-lg">Menu</Dialog.Title>
            <Dialog.Close className={clsx(buttonClasses('ghost', 'sm'), 'px-2')} aria-label="Close menu">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation and your account</Dialog.Description>
          {viewer && (
            <div className="flex items-center gap-3 border-b border-line px-5 py-4">
              <span className="grid size-10 place-items-center rounded-full bg-brand-soft text-brand-dark">
                <UserIcon />
              </span>
              <p className="text-sm text-muted">
                Welcome, <span className="font-medium text-ink">{viewer.userName}</span>
              </p>
            </div>
          )}
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-3">
            <ul className="space-y-1">
              {links.map((l) => (
                <li key={l.href}>
                  <Dialog.Close asChild>
                    <Link href={l.href} className="block rounded-lg px-3 py-3 text-base text-ink hover:bg-brand-soft">
                      {l.label}
                    </Link>
                  </Dialog.Close>
                </li>
              ))}
              {viewer && (
                <li>
                  <Dialog.Close asChild>
                    <Link href="/profile" className="block rounded-lg px-3 py-3 text-base text-ink hover:bg-brand-soft">
                      Profile
                    </Link>
                  </Dialog.Close>
                </li>
              )}
            </ul>
            {rooms && <MenuRooms rooms={rooms} />}
          </nav>
          <div className="border-t border-line p-5">
            {status === 'loading' ? null : viewer ? (
              <LogoutButton className={clsx(buttonClasses('outline', 'md'), 'w-full')} />
            ) : (
              <div className="grid grid-cols-2 gap-3">
                {guestLinks.map((l, i) => (
                  <Dialog.Close asChild key={l.href}>
                    <Link href={l.href} className={buttonClasses(i === 0 ? 'outline' : 'primary', 'md')}>
                      {l.label}
                    </Link>
                  </Dialog.Close>
                ))}
              </div>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
