/**
 * Numbered paging (spec §2 Products page; pages 1..total): Previous, the first page, a window around
 * the current page, the last page, Next, and "Page X of Y". Wide screens show two pages either side
 * of the current one, phones one (lib/storefront/page-window.ts); each link is rendered once and hidden by
 * breakpoint. Links come from `hrefFor`, which keeps the rest of the query.
 */
import Link from 'next/link';
import clsx from 'clsx';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { pagerItems } from '@/lib/storefront/page-window';

const WIDE_RADIUS = 2;
const NARROW_RADIUS = 1;

// Phones get slightly smaller targets (36 px) so seven pages and both arrows fit in 358 px.
const box = 'h-9 min-w-9 items-center justify-center rounded-full text-sm font-medium tabular-nums sm:h-10 sm:min-w-10';
const link = 'border border-line bg-surface text-ink hover:border-brand hover:text-brand-dark';
const dead = 'cursor-default border border-line/60 bg-transparent text-muted';

/** Tailwind display classes for an item shown on phones (narrow), wide screens (wide) or both. */
const shownOn = (wide: boolean, narrow: boolean) => (narrow && wide ? 'inline-flex' : narrow ? 'inline-flex sm:hidden' : 'hidden sm:inline-flex');

function Step({ href, rel, children }: { href: string | null; rel: 'prev' | 'next'; children: React.ReactNode }) {
  const className = clsx(box, 'inline-flex gap-1 px-2.5 sm:px-4', href ? link : dead);
  const content = (
    <>
      {rel === 'prev' && <ChevronLeftIcon className="size-4" />}
      {/* The word stays for screen readers on phones, where only the arrow shows. */}
      <span className="sr-only sm:not-sr-only">{children}</span>
      {rel === 'next' && <ChevronRightIcon className="size-4" />}
    </>
  );
  return href ? (
    <Link href={href} rel={rel} className={className}>
      {content}
    </Link>
  ) : (
    <span className={className}>
      {content}
    </span>
  );
}

export function Pagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null;
  const items = pagerItems(page, totalPages, WIDE_RADIUS, NARROW_RADIUS);
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center gap-3" data-testid="pagination">
      <ul className="flex items-center gap-1 sm:gap-1.5">
        <li className="sm:mr-3">
          <Step href={page > 1 ? hrefFor(page - 1) : null} rel="prev">
            Previous
          </Step>
        </li>
        {items.map((item) =>
          item.kind === 'gap' ? (
            <li key={`gap-${item.after}`} aria-hidden="true" className={clsx(shownOn(item.wide, item.narrow), 'w-5 justify-center text-muted sm:w-6')}>
              …
            </li>
          ) : (
            <li key={item.page} className={shownOn(item.wide, item.narrow)}>
              <Link
                href={hrefFor(item.page)}
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={`Page ${item.page}${item.page === totalPages ? ', last page' : item.page === 1 ? ', first page' : ''}`}
                className={clsx(box, 'inline-flex px-2', item.page === page ? 'border border-ink bg-ink text-white' : link)}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li className="sm:ml-3">
          <Step href={page < totalPages ? hrefFor(page + 1) : null} rel="next">
            Next
          </Step>
        </li>
      </ul>
      <p className="text-sm text-muted" data-testid="page-status">
        Page {page} of {totalPages}
      </p>
    </nav>
  );
}
