import clsx from 'clsx';

/**
 * A calm message box: an empty result, a loading line or an error (spec §8 catalogue messages).
 * Errors are announced to assistive technology (role="alert"); the rest politely (role="status").
 */
export function Notice({
  tone = 'info',
  title,
  children,
  className,
  testId,
}: {
  tone?: 'info' | 'error';
  title: string;
  children?: React.ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={clsx(
        'rounded-[var(--radius-card)] border px-6 py-10 text-center',
        tone === 'error' ? 'border-danger/30 bg-[#fbefed]' : 'border-line bg-surface',
        className,
      )}
    >
      <p className={clsx('font-display text-xl', tone === 'error' ? 'text-danger' : 'text-ink')}>{title}</p>
      {children && <div className="mx-auto mt-3 max-w-md text-sm text-muted">{children}</div>}
    </div>
  );
}
