/**
 * Table primitives of the back office: a horizontally scrolling card on phones, a quiet header row,
 * hover rows. Use them for every admin list so the screens read alike.
 */
import clsx from 'clsx';

export function AdminTable({ children, className, label }: { children: React.ReactNode; className?: string; label?: string }) {
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-surface">
      <table aria-label={label} className={clsx('w-full border-collapse text-left text-sm', className)}>
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
