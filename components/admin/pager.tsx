'use client';
/** Previous / Next paging with "Page X of Y" (spec §2, §9): page bounds 1 … totalPages. */
import { AdminButton } from '@/components/ui/button';

export function Pager({ page, totalPages, onPage, disabled }: { page: number; totalPages: number; onPage: (page: number) => void; disabled?: boolean }) {
  const total = Math.max(1, totalPages);
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-3 py-4 text-sm">
      <AdminButton onClick={() => onPage(page - 1)} disabled={disabled || page <= 1}>
        Previous
      </AdminButton>
      <span className="text-muted" data-testid="page-indicator">
        Page {page} of {total}
      </span>
      <AdminButton onClick={() => onPage(page + 1)} disabled={disabled || page >= total}>
        Next
      </AdminButton>
    </nav>
  );
}
