'use client';
/**
 * One Merchant Management tab (brands or suppliers): the add form, the load error if any, and the
 * table with inline Edit → Save / Cancel and Delete.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { AdminTable, EmptyRow, Th } from '@/components/admin/admin-table';
import { ErrorBanner } from '@/components/admin/status';
import { errorMessage } from '@/lib/api/client';
import { capital, type MerchantKind, type MerchantRow } from './merchant-kinds';
import type { useMerchantList } from './merchant-list';
import { MerchantAddForm } from './merchant-add-form';
import { MerchantEditRow, MerchantRowView } from './merchant-rows';

/** `list`: the tab's rows (held by the manager, so they survive switching tabs). */
export function MerchantTab<T>({ kind, list: { rows, loadError, reload } }: { kind: MerchantKind<T>; list: ReturnType<typeof useMerchantList<T>> }) {
  const [editingId, setEditingId] = useState<number | null>(null);

  async function remove(row: MerchantRow) {
    try {
      await kind.remove(row.id);
      toast.success(`${capital(kind.singular)} “${row.name}” deleted.`);
      if (editingId === row.id) setEditingId(null);
      await reload();
    } catch (e) {
      console.error(`[admin/merchant] delete ${kind.singular}`, e);
      toast.error(errorMessage(e, `Failed to delete the ${kind.singular}. Please try again.`));
      throw e;
    }
  }

  return (
    <div className="space-y-6">
      <MerchantAddForm kind={kind} onAdded={reload} />
      {loadError ? <ErrorBanner messages={[loadError]} /> : null}
      <AdminTable label={capital(kind.plural)} stacked>
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>{kind.detailLabel}</Th>
            <Th className="w-48">Actions</Th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? <EmptyRow colSpan={3}>No {kind.plural} yet.</EmptyRow> : null}
          {rows.map((row) =>
            editingId === row.id ? (
              <MerchantEditRow
                key={row.id}
                kind={kind}
                row={row}
                onCancel={() => setEditingId(null)}
                onSaved={() => {
                  setEditingId(null);
                  return reload();
                }}
              />
            ) : (
              <MerchantRowView key={row.id} kind={kind} row={row} onEdit={() => setEditingId(row.id)} onDelete={() => remove(row)} />
            ),
          )}
        </tbody>
      </AdminTable>
    </div>
  );
}
