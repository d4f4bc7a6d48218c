/** Previous / Next paging with "Page X of Y" (spec §2 Products page; pages 1..total). */
import Link from 'next/link';
import clsx from 'clsx';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';

const item = 'inline-flex h-10 items-center gap-1 rounded-full border px-4 text-sm font-medium';

export function Pagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null;
  const prev = page > 1 ? hrefFor(page - 1) : null;
  const next = page < totalPages ? hrefFor(page + 1) : null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 sm:justify-center sm:gap-6" data-testid="pagination">
      {prev ? (
        <Link href={prev} rel="prev" className={clsx(item, 'border-line bg-surface text-ink hover:border-brand hover:text-brand-dark')}>
          <ChevronLeftIcon className="size-4" />
          Previous
        </Link>
      ) : (
        <span className={clsx(item, 'cursor-default border-line/60 bg-transparent text-muted')}>
          <ChevronLeftIcon className="size-4" />
          Previous
        </span>
      )}
      <p className="text-sm text-muted" data-testid="page-status">
        Page {page} of {totalPages}
      </p>
      {next ? (
        <Link href={next} rel="next" className={clsx(item, 'border-line bg-surface text-ink hover:border-brand hover:text-brand-dark')}>
          Next
          <ChevronRightIcon className="size-4" />
        </Link>
      ) : (
        <span className={clsx(item, 'cursor-default border-line/60 bg-transparent text-muted')}>
          Next
          <ChevronRightIcon className="size-4" />
        </span>
      )}
    </nav>
  );
}
