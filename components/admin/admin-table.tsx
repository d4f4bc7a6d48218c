/**
 * Table primitives of the back office: a quiet header row, hover rows, horizontal scrolling when
 * wide. Use them for every admin list so the screens read alike.
 *
 * `stacked`: below the md breakpoint each row becomes a two-column card and each cell shows its
 * `data-label` above its content (give every <Td> a data-label; `max-md:col-span-2` widens one).
 */
import clsx from 'clsx';

const STACKED = clsx(
  'max-md:block max-md:[&_thead]:hidden max-md:[&_tbody]:block',
  'max-md:[&_tr]:grid max-md:[&_tr]:grid-cols-2 max-md:[&_tr]:gap-x-3 max-md:[&_tr]:gap-y-2 max-md:[&_tr]:border-b max-md:[&_tr]:border-line max-md:[&_tr]:p-3',
  'max-md:[&_td]:border-0 max-md:[&_td]:p-0',
  'max-md:[&_td[data-label]]:before:mb-0.5 max-md:[&_td[data-label]]:before:block max-md:[&_td[data-label]]:before:text-[10px] max-md:[&_td[data-label]]:before:font-semibold max-md:[&_td[data-label]]:before:uppercase max-md:[&_td[data-label]]:before:tracking-wide max-md:[&_td[data-label]]:before:text-muted max-md:[&_td[data-label]]:before:content-[attr(data-label)]',
);

/** `dense`: tighter cell padding for wide tables (many columns). */
export function AdminTable({ children, className, label, stacked, dense }: { children: React.ReactNode; className?: string; label?: string; stacked?: boolean; dense?: boolean }) {
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-surface">
      <table aria-label={label} className={clsx('w-full border-collapse text-left text-sm', dense && '[&_td]:px-2 [&_th]:px-2', stacked && STACKED, className)}>
        {children}
      </table>
    </div>
  );
}

export function Th({ children, className, ...rest }: React.ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="col" className={clsx('whitespace-nowrap border-b border-line bg-canvas px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-muted', className)} {...rest}>
      {children}
    </th>
  );
}

export function Td({ children, className, ...rest }: React.TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td className={clsx('border-b border-line px-3 py-2 align-middle', className)} {...rest}>
      {children}
    </td>
  );
}

export function Tr({ children, className, ...rest }: React.HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr className={clsx('hover:bg-canvas/60', className)} {...rest}>
      {children}
    </tr>
  );
}

/** A full-width row for empty and loading states. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-10 text-center text-muted">
        {children}
      </td>
    </tr>
  );
}
