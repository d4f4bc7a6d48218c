'use client';
/**
 * The back office's navigation (spec §2 Admin area): a fixed sidebar from the md breakpoint up; on
 * phones a top bar whose Menu button opens the same list in a Radix Dialog drawer. The current
 * entry is highlighted (aria-current="page"). Logout is the shared components/auth/logout-button.
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { LogoutButton } from '@/components/auth/logout-button';
import { isActiveNav, type AdminNavItem } from './admin-nav';

function NavList({ items, pathname, onNavigate }: { items: readonly AdminNavItem[]; pathname: string | null; onNavigate?: () => void }) {
  return (
    <ul className="space-y-1">
      {items.map((item) => {
        const active = isActiveNav(item.href, pathname);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={clsx(
                'block rounded-lg px-3 py-2 text-sm transition-colors',
                active ? 'bg-brand text-white font-medium' : 'text-ink hover:bg-brand-soft',
              )}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Footer({ userName }: { userName: string }) {
  return (
    <div className="space-y-3 border-t border-line pt-4 text-sm">
      <p className="text-muted">
        Signed in as <span className="font-medium text-ink">{userName}</span>
      </p>
      <div className="flex items-center justify-between gap-3">
        <Link href="/" className="text-brand underline-offset-4 hover:underline">
          View shop
        </Link>
        <LogoutButton className="rounded-lg border border-line px-3 py-1.5 text-ink hover:bg-brand-soft" />
      </div>
    </div>
  );
}

/** `items`: the entries the signed-in staff member may use (adminNavFor). */
export function AdminSidebar({ userName, storeName, items }: { userName: string; storeName: string; items: readonly AdminNavItem[] }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);

  return (
    <>
      {/* Phones and small tablets: a top bar with a menu. */}
      {/* A <header> (banner landmark): a link outside every landmark is lost to landmark navigation. */}
      <header className="sticky top-0 z-30 flex items-center justify-between border-b border-line bg-surface px-4 py-3 md:hidden print:hidden">
        <Link href="/admin" className="font-display text-lg text-ink">
          {storeName} <span className="text-sm text-muted">Admin</span>
        </Link>
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger className="rounded-lg border border-line px-3 py-1.5 text-sm text-ink" aria-label="Open admin menu">
            Menu
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
            <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-surface p-5 shadow-xl">
              <div className="flex items-center justify-between">
                <Dialog.Title className="font-display text-lg">Admin menu</Dialog.Title>
                <Dialog.Close className="rounded-lg px-2 py-1 text-sm text-muted hover:bg-brand-soft" aria-label="Close menu">
                  Close
                </Dialog.Close>
              </div>
              <Dialog.Description className="sr-only">Back office sections</Dialog.Description>
              <nav aria-label="Admin" className="flex-1">
                <NavList items={items} pathname={pathname} onNavigate={() => setOpen(false)} />
              </nav>
              <Footer userName={userName} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </header>

      {/* Tablets and desktops: a fixed sidebar. */}
      <aside className="hidden w-60 shrink-0 border-r border-line bg-surface md:block print:hidden" data-testid="admin-sidebar">
        <div className="sticky top-0 flex h-screen flex-col gap-6 overflow-y-auto p-5">
          <Link href="/admin" className="font-display text-xl text-ink">
            {storeName}
            <span className="block font-sans text-xs uppercase tracking-wider text-muted">Back office</span>
          </Link>
          <nav aria-label="Admin" className="flex-1">
            <NavList items={items} pathname={pathname} />
          </nav>
          <Footer userName={userName} />
        </div>
      </aside>
    </>
  );
}
