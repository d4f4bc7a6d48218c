/**
 * The table both account screens show: a header row, the empty line, one AccountRow per account
 * (Username with "(you)" and "Deactivated", Email, the screen's own cells, Edit and Delete).
 */
import clsx from 'clsx';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { AccountKind } from './use-accounts';

/** `empty`: the line shown when there is no account (null when there are some). */
export function AccountTable({ label, headers, empty, children }: { label: string; headers: string[]; empty: string | null; children: React.ReactNode }) {
  return (
    <AdminTable label={label} stacked>
      <thead>
        <tr>
          {headers.map((h) => (
            <Th key={h}>{h}</Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {empty ? <EmptyRow colSpan={headers.length}>{empty}</EmptyRow> : null}
        {children}
      </tbody>
    </AdminTable>
  );
}

type RowProps<T> = {
  kind: AccountKind<T>;
  account: T;
  isSelf: boolean;
  deactivated?: boolean;
  editDisabled?: boolean;
  /** Whether Delete shows (never on one's own row). */
  deletable: boolean;
  onEdit: () => void;
  /** Runs when the deletion is confirmed; throws to keep the confirmation open. */
  onDelete: () => Promise<void>;
  /** The screen's own cells, between Email and the actions. */
  children?: React.ReactNode;
  /** The screen's own actions, after Edit and Delete. */
  actions?: React.ReactNode;
};

export function AccountRow<T>({ kind, account, isSelf, deactivated, editDisabled, deletable, onEdit, onDelete, children, actions }: RowProps<T>) {
  return (
    <Tr data-testid={kind.testId(account)} className={clsx(deactivated && 'opacity-60')}>
      <Td data-label="Username" className="font-medium text-ink">
        {kind.name(account)}
        {isSelf ? <span className="ml-2 text-xs text-muted">(you)</span> : null}
        {deactivated ? <span className="ml-2 rounded-full bg-canvas px-2 py-0.5 text-xs text-muted">Deactivated</span> : null}
      </Td>
      <Td data-label="Email" className={clsx('break-all', children ? 'max-md:col-span-2' : null)}>
        {kind.email(account)}
      </Td>
      {children}
      <Td className="max-md:col-span-2">
        <div className="flex flex-wrap gap-2">
          <AdminButton size="sm" onClick={onEdit} disabled={editDisabled}>
            Edit
          </AdminButton>
          {deletable ? (
            <ConfirmDialog
              trigger={
                <AdminButton size="sm" variant="danger">
                  Delete
                </AdminButton>
              }
              title={kind.deleteTitle(account)}
              description={kind.deleteDescription}
              confirmLabel="Delete"
              onConfirm={onDelete}
            />
          ) : null}
          {actions}
        </div>
      </Td>
    </Tr>
  );
}
