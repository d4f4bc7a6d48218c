/** Labelled form controls of the back office (Finance, Administrators, order editing). */
import clsx from 'clsx';

/** Text inputs and selects of the admin forms. */
export const adminInputClass = 'w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink focus:border-brand';

/** A label above its control (the control goes in `children`), with the field's error below. */
export function AdminField({ label, error, children, className }: { label: string; error?: string; children: React.ReactNode; className?: string }) {
  return (
    <label className={clsx('block text-sm', className)}>
      <span className="mb-1 block font-medium text-ink">{label}</span>
      {children}
      {error ? <span className="mt-1 block text-xs text-danger">{error}</span> : null}
    </label>
  );
}
