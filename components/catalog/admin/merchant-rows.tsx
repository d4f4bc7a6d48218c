'use client';
/**
 * The rows of a Merchant Management table: a brand or supplier with Edit and Delete (confirmed
 * first; one still used by products answers 409 with the reason), and its inline edit with Save /
 * Cancel, checked with the API's schema before sending.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { Td, Tr } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/ui/button';
import { adminInputClass } from '@/components/admin/field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api/client';
import { FieldAlert } from './merchant-add-form';
import { capital, type MerchantKind, type MerchantRow } from './merchant-kinds';

type RowProps<T> = { kind: MerchantKind<T>; row: MerchantRow };

/** `onDelete` runs once confirmed and throws on failure, so the confirmation stays open. */
export function MerchantRowView<T>({ kind, row, onEdit, onDelete }: RowProps<T> & { onEdit: () => void; onDelete: () => Promise<void> }) {
  return (
    <Tr data-testid={`${kind.singular}-row-${row.id}`}>
      <Td data-label="Name" className="font-medium max-md:col-span-2">
        {row.name}
      </Td>
      <Td data-label={kind.detailLabel} className="text-muted max-md:col-span-2">
        {row.detail || '—'}
      </Td>
      <Td className="max-md:col-span-2">
        <div className="flex flex-wrap gap-2">
          <AdminButton size="sm" onClick={onEdit}>
            Edit
          </AdminButton>
          <ConfirmDialog
            trigger={
              <AdminButton size="sm" variant="danger">
                Delete
              </AdminButton>
            }
            title={`Delete ${kind.singular} “${row.name}”?`}
            description={`Are you sure you want to delete this ${kind.singular}?`}
            confirmLabel="Delete"
            onConfirm={onDelete}
          />
        </div>
      </Td>
    </Tr>
  );
}

/** `onSaved` closes the edit and reads the list again (it does not throw). */
export function MerchantEditRow<T>({ kind, row, onCancel, onSaved }: RowProps<T> & { onCancel: () => void; onSaved: () => Promise<void> }) {
  const [name, setName] = useState(row.name);
  const [detail, setDetail] = useState(row.detail ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    const parsed = kind.schema.safeParse({ name, [kind.detailKey]: detail });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the values.');
    setSaving(true);
    try {
      await kind.update(row.id, name, detail);
      toast.success(`${capital(kind.singular)} saved.`);
      await onSaved();
    } catch (e) {
      setError(errorMessage(e, `Failed to save the ${kind.singular}. Please try again.`));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Tr data-testid={`${kind.singular}-row-${row.id}`} className="bg-brand-soft/40">
      <Td data-label="Name" className="max-md:col-span-2">
        <input aria-label="Name" className={adminInputClass} value={name} onChange={(e) => setName(e.target.value)} />
      </Td>
      <Td data-label={kind.detailLabel} className="max-md:col-span-2">
        <input aria-label={kind.detailLabel} className={adminInputClass} value={detail} onChange={(e) => setDetail(e.target.value)} />
        <FieldAlert message={error} />
      </Td>
      <Td className="max-md:col-span-2">
        <div className="flex flex-wrap gap-2">
          <AdminButton size="sm" variant="primary" onClick={save} disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </AdminButton>
          <AdminButton size="sm" onClick={onCancel} disabled={saving}>
            Cancel
          </AdminButton>
        </div>
      </Td>
    </Tr>
  );
}
