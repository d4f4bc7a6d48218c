import clsx from 'clsx';

/** Readable long-form text (static pages): comfortable measure, spaced headings and lists. */
export function Prose({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div
      className={clsx(
        'max-w-3xl text-base leading-relaxed text-ink/90',
        '[&_h2]:mt-10 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:text-ink [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-ink',
        '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5',
        '[&_a]:font-medium [&_a]:text-brand-dark [&_a]:underline [&_a]:underline-offset-4 [&_strong]:text-ink',
        className,
      )}
    >
      {children}
    </div>
  );
}
