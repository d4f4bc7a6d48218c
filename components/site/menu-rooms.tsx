'use client';
/**
 * The phone menu's catalogue: every room as a disclosure listing "All {room}" and its
 * subcategories, each opening the filtered catalogue (/products?category={id}, as the home page's
 * room navigation and the filters do), then the offers. Links close the menu dialog.
 */
import * as Dialog from '@radix-ui/react-dialog';
import Link from 'next/link';
import { ChevronRightIcon } from '@/components/ui/icons';
import type { CategoryNode } from '@/lib/catalog/types';

const row = 'block rounded-lg px-3 py-2.5 text-[0.95rem] text-ink hover:bg-brand-soft';

/** Category names are shown with underscores as spaces (spec §3 Category). */
const label = (name: string) => name.replace(/_/g, ' ');

export function MenuRooms({ rooms }: { rooms: CategoryNode[] }) {
  return (
    <section aria-labelledby="menu-rooms-title" className="mt-3 border-t border-line pt-3" data-testid="menu-rooms">
      <h2 id="menu-rooms-title" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-muted">
        Shop by room
      </h2>
      <ul>
        {rooms.map((room) => (
          <li key={room.category_id}>
            <details className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between rounded-lg px-3 py-3 text-base text-ink hover:bg-brand-soft [&::-webkit-details-marker]:hidden">
                {label(room.name)}
                <ChevronRightIcon className="size-4 text-muted transition-transform group-open:rotate-90" />
              </summary>
              <ul className="mb-2 ml-3 border-l border-line pl-2">
                <li>
                  <Dialog.Close asChild>
                    <Link href={`/products?category=${room.category_id}`} className={`${row} font-medium`}>
                      All {label(room.name).toLowerCase()}
                    </Link>
                  </Dialog.Close>
                </li>
                {room.subcategories.map((sub) => (
                  <li key={sub.category_id}>
                    <Dialog.Close asChild>
                      <Link href={`/products?category=${sub.category_id}`} className={row}>
                        {label(sub.name)}
                      </Link>
                    </Dialog.Close>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
        <li>
          <Dialog.Close asChild>
            <Link href="/promotional-products" className="block rounded-lg px-3 py-3 text-base font-medium text-sale hover:bg-brand-soft">
              On sale
            </Link>
          </Dialog.Close>
        </li>
      </ul>
    </section>
  );
}
