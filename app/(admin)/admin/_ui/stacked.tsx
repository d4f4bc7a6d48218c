/**
 * Phone-first tables for the back-office lists: from the md breakpoint up a normal table; below it
 * every row becomes a card whose cells stack as "LABEL … value" lines (the header row is hidden and
 * each cell carries its own label). Built on the shared admin table primitives.
 *
 *   <AdminTable label="Users" className={STACK.table}>
 *     <thead className={STACK.head}>…</thead>
 *     <tbody className={STACK.body}>
 *       <Tr className={STACK.row}><Cell label="Email">{email}</Cell></Tr>
 */
import clsx from 'clsx';
import { Td } from '@/components/admin/admin-table';

export const STACK = {
  table: 'max-md:block',
  head: 'max-md:hidden',
  body: 'max-md:block',
  row: 'max-md:block max-md:border-b max-md:border-line max-md:px-1 max-md:py-2 max-md:last:border-b-0',
  /** A cell spanning the whole row (details panels). */
  wide: 'max-md:block max-md:border-0 max-md:px-0',
} as const;

/**
 * A table cell that shows its column label on phones: beside the value (`inline`, default), or
 * above it for inputs (`block`).
 */
export function Cell({
  label,
  layout = 'inline',
  children,
  className,
  ...rest
}: { label: string; layout?: 'inline' | 'block' } & React.TdHTMLAttributes<HTMLTableCellElement>) {
  const block = layout === 'block';
  return (
    <Td
      className={clsx(
        'max-md:border-0 max-md:py-1.5',
        block ? 'max-md:block' : 'max-md:flex max-md:items-center max-md:justify-between max-md:gap-4',
        className,
      )}
      {...rest}
    >
      <span className={clsx('shrink-0 text-xs font-semibold uppercase tracking-wide text-muted md:hidden', block && 'mb-1 block')}>{label}</span>
      <div className={clsx('min-w-0', !block && 'max-md:text-right')}>{children}</div>
    </Td>
  );
}
