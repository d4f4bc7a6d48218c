/** The active-filters summary (spec §2 Products page): one removable chip per filter, and Clear all. */
import Link from 'next/link';
import { CloseIcon } from '@/components/ui/icons';
import type { FilterChip } from '@/lib/catalog/product-query';

export function ActiveFilters({ chips, clearHref }: { chips: FilterChip[]; clearHref: string }) {
  if (chips.length === 0) return null;
  return (
    <section aria-label="Active filters" className="flex flex-wrap items-center gap-2" data-testid="active-filters">
      <h2 className="sr-only">Active filters</h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((c) => (
          <li key={c.key}>
            <Link
              href={c.href}
              scroll={false}
              className="inline-flex h-8 items-center gap-1.5 rounded-full border border-brand/30 bg-brand-soft pl-3 pr-2 text-sm text-brand-dark hover:border-brand"
              aria-label={`Remove filter: ${c.label}`}
              data-testid="filter-chip"
            >
              {c.label}
              <CloseIcon className="size-3.5" />
            </Link>
          </li>
        ))}
      </ul>
      <Link href={clearHref} scroll={false} className="ml-1 text-sm font-medium text-ink underline underline-offset-4 hover:text-brand-dark" data-testid="clear-filters">
        Clear all
      </Link>
    </section>
  );
}
