/** Page heading, loading and error states shared by the admin screens. */
import clsx from 'clsx';

export function AdminPageHeader({ title, description, actions }: { title: string; description?: string; actions?: React.ReactNode }) {
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="font-display text-2xl text-ink md:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

/** "Loading... Please wait." (spec §2 Product Management) or another loading line. */
export function LoadingState({ children = 'Loading... Please wait.' }: { children?: React.ReactNode }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 rounded-card border border-line bg-surface px-4 py-8 text-muted">
      <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-line border-t-brand" />
      {children}
    </div>
  );
}

/** A visible error (or warning) panel; `messages` may carry several lines. */
export function ErrorBanner({ messages, className, tone = 'danger' }: { messages: string[]; className?: string; tone?: 'danger' | 'warning' }) {
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className={clsx(
        'rounded-card border px-4 py-3 text-sm',
        tone === 'danger' ? 'border-danger/30 bg-danger/5 text-danger' : 'border-warning/30 bg-warning/5 text-warning',
        className,
      )}
    >
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
