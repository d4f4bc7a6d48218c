/** A profile section card with a heading (spec §2 Profile sections). */
import type { ReactNode } from 'react';

export function ProfileSection({ id, title, description, action, children }: { id: string; title: string; description?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 rounded-[var(--radius-card)] border border-line bg-surface p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-muted">{description}</p>}
        </div>
        {action}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

export const secondaryButton =
  'inline-flex items-center justify-center rounded-lg border border-line bg-surface px-3.5 py-2 text-sm font-medium text-ink transition hover:border-brand hover:text-brand disabled:opacity-60';
export const linkButton = 'text-sm font-medium text-brand underline-offset-4 hover:underline disabled:opacity-60';
export const dangerLinkButton = 'text-sm font-medium text-danger underline-offset-4 hover:underline disabled:opacity-60';
