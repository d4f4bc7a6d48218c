import Link from 'next/link';

/** A home section: an anchor target (scrolled to by the section navigation), h2, "View all" link. */
export function SectionShell({ id, title, lead, href, linkLabel, children }: { id: string; title: string; lead: string; href: string; linkLabel: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-36 py-10 sm:py-14" data-testid={`section-${id}`}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="font-display text-2xl text-ink sm:text-3xl">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted sm:text-base">{lead}</p>
        </div>
        <Link href={href} className="text-sm font-medium text-brand-dark underline-offset-4 hover:underline">
          {linkLabel} <span aria-hidden="true">→</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

/** Placeholder cards while a section streams in. */
export function GridSkeleton({ count = 4, label }: { count?: number; label: string }) {
  return (
    <div role="status" aria-live="polite">
      <p className="sr-only">{label}</p>
      <div className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface">
            <div className="aspect-[4/3] animate-pulse bg-[#efebe3]" />
            <div className="space-y-2 p-4">
              <div className="h-3 w-1/3 animate-pulse rounded bg-[#efebe3]" />
              <div className="h-4 w-2/3 animate-pulse rounded bg-[#efebe3]" />
              <div className="h-4 w-1/4 animate-pulse rounded bg-[#efebe3]" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
