/**
 * A back-office figures table described by its columns: the Finance Center's three lists and the
 * dashboard's Hot Selling Products. `stacked` tables turn into cards on phones, each cell labelled
 * with its column (components/admin/admin-table.tsx).
 */
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';

export type Column<T> = {
  label: string;
  cell: (row: T) => React.ReactNode;
  /** The cell's classes, or a function of the row (e.g. expenses in red). */
  className?: string | ((row: T) => string);
  /** Right-aligned heading (amounts, counts). */
  right?: boolean;
};

type Props<T> = {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  /** The line shown when there is no row. */
  empty: string;
  stacked?: boolean;
  /** A page is being fetched (aria-busy on the body). */
  busy?: boolean;
};

export function FinanceTable<T>({ label, columns, rows, rowKey, empty, stacked, busy }: Props<T>) {
  return (
    <AdminTable label={label} stacked={stacked}>
      <thead>
        <tr>
          {columns.map((c) => (
            <Th key={c.label} className={c.right ? 'text-right' : undefined}>
              {c.label}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody aria-busy={busy}>
        {rows.length === 0 ? <EmptyRow colSpan={columns.length}>{empty}</EmptyRow> : null}
        {rows.map((row, i) => (
          <Tr key={rowKey(row, i)}>
            {columns.map((c) => (
              <Td key={c.label} data-label={stacked ? c.label : undefined} className={typeof c.className === 'function' ? c.className(row) : c.className}>
                {c.cell(row)}
              </Td>
            ))}
          </Tr>
        ))}
      </tbody>
    </AdminTable>
  );
}
