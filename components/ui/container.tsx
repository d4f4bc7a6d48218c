import clsx from 'clsx';

/** The page's content column: full width on a phone, centred and capped on wide screens. */
export function Container({ className, children }: { className?: string; children: React.ReactNode }) {
  return <div className={clsx('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)}>{children}</div>;
}
