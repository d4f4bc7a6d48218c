'use client';
/**
 * One Merchant Management tab (brands or suppliers): an add form (react-hook-form + the shared zod
 * schema), and a table with inline Edit → Save / Cancel and Delete (Radix AlertDialog). A brand or
 * supplier still used by products answers 409 with the reason, shown to the admin.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { apiFetch, errorMessage } from '@/components/admin/admin-api';
import { AdminButton } from '@/components/admin/button';
import { adminInputClass } from '@/components/admin/field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBanner, LoadingState } from '@/components/admin/status';
import type { brandSchema } from '@/lib/catalog/brand-schema';
import type { supplierSchema } from '@/lib/catalog/supplier-schema';

export type MerchantResource = {
  singular: 'brand' | 'supplier';
  plural: 'brands' | 'suppliers';
  endpoint: string;
  idKey: 'brand_id' | 'supplier_id';
  detailKey: 'description' | 'contact_info';
  detailLabel: string;
  schema: typeof brandSchema | typeof supplierSchema;
};

type Row = { id: number; name: string; detail: string | null };
type FormValues = { name: string; description?: string; contact_info?: string };

const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

export function MerchantTab({ resource }: { resource: MerchantResource }) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; name: string; detail: string } | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const [savingEdit, setSavingEdit] = useState(false);

  // The add form validates with the shared schema (brandSchema / supplierSchema) as it is.
  const form = useForm<FormValues>({
    defaultValues: { name: '', description: '', contact_info: '' },
    resolver: zodResolver(resource.schema) as unknown as Resolver<FormValues>,
  });

  const load = useCallback(async () => {
    try {
      const list = await apiFetch<Record<string, unknown>[]>(resource.endpoint);
      setRows(list.map((r) => ({ id: Number(r[resource.idKey]), name: String(r.name), detail: (r[resource.detailKey] as string | null) ?? null })));
      setLoadError(null);
    } catch (e) {
      console.error(`[admin/merchant] ${resource.plural}`, e);
      setLoadError(`Failed to fetch ${resource.plural}. Please try again later.`);
      setRows((r) => r ?? []);
    }
  }, [resource]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading on mount; state is set when the request settles
    void load();
  }, [load]);

  async function add(values: FormValues) {
    try {
      await apiFetch(resource.endpoint, { method: 'POST', body: { name: values.name, [resource.detailKey]: values[resource.detailKey] ?? '' } });
      toast.success(`${capital(resource.singular)} “${values.name.trim()}” added.`);
      form.reset();
      await load();
    } catch (e) {
      form.setError('name', { type: 'server', message: errorMessage(e, `Failed to add the ${resource.singular}. Please try again.`) });
    }
  }

  async function saveEdit() {
    if (!editing) return;
    const payload = { name: editing.name, [resource.detailKey]: editing.detail };
    const parsed = resource.schema.safeParse(payload);
    if (!parsed.success) {
      setEditError(parsed.error.issues[0]?.message ?? 'Please check the values.');
      return;
    }
    setSavingEdit(true);
    try {
      await apiFetch(`${resource.endpoint}/${editing.id}`, { method: 'PUT', body: payload });
      toast.success(`${capital(resource.singular)} saved.`);
      setEditing(null);
      setEditError(null);
      await load();
    } catch (e) {
      setEditError(errorMessage(e, `Failed to save the ${resource.singular}. Please try again.`));
    } finally {
      setSavingEdit(false);
    }
  }

  async function remove(row: Row) {
    try {
      await apiFetch(`${resource.endpoint}/${row.id}`, { method: 'DELETE' });
      toast.success(`${capital(resource.singular)} “${row.name}” deleted.`);
      if (editing?.id === row.id) setEditing(null);
      await load();
    } catch (e) {
      console.error(`[admin/merchant] delete ${resource.singular}`, e);
      toast.error(errorMessage(e, `Failed to delete the ${resource.singular}. Please try again.`));
      throw e;
    }
  }

  const { errors, isSubmitting } = form.formState;

  return (
    <div className="space-y-6">
      <form
        onSubmit={form.handleSubmit(add)}
        noValidate
        aria-label={`Add a ${resource.singular}`}
        className="grid gap-3 rounded-card border border-line bg-surface p-4 md:grid-cols-[1fr_2fr_auto] md:items-start"
      >
        <div>
          <label htmlFor={`${resource.singular}-name`} className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">
            Name
          </label>
          <input id={`${resource.singular}-name`} className={adminInputClass} aria-invalid={Boolean(errors.name)} {...form.register('name')} />
          {errors.name ? (
            <p role="alert" className="mt-1 text-xs text-danger">
              {errors.name.message}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${resource.singular}-detail`} className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">
            {resource.detailLabel}
          </label>
          <input id={`${resource.singular}-detail`} className={adminInputClass} aria-invalid={Boolean(errors[resource.detailKey])} {...form.register(resource.detailKey)} />
          {errors[resource.detailKey] ? (
            <p role="alert" className="mt-1 text-xs text-danger">
              {errors[resource.detailKey]?.message}
            </p>
          ) : null}
        </div>
        <AdminButton type="submit" variant="primary" className="md:mt-5" disabled={isSubmitting}>
          {isSubmitting ? 'Adding…' : `Add ${capital(resource.singular)}`}
        </AdminButton>
      </form>

      {loadError ? <ErrorBanner messages={[loadError]} /> : null}

      {rows === null ? (
        <LoadingState />
      ) : (
        <AdminTable label={capital(resource.plural)} stacked>
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>{resource.detailLabel}</Th>
              <Th className="w-48">Actions</Th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? <EmptyRow colSpan={3}>No {resource.plural} yet.</EmptyRow> : null}
            {rows.map((row) =>
              editing?.id === row.id ? (
                <Tr key={row.id} data-testid={`${resource.singular}-row-${row.id}`} className="bg-brand-soft/40">
                  <Td data-label="Name" className="max-md:col-span-2">
                    <input aria-label="Name" className={adminInputClass} value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.target.value })} />
                  </Td>
                  <Td data-label={resource.detailLabel} className="max-md:col-span-2">
                    <input aria-label={resource.detailLabel} className={adminInputClass} value={editing.detail} onChange={(e) => setEditing({ ...editing, detail: e.target.value })} />
                    {editError ? (
                      <p role="alert" className="mt-1 text-xs text-danger">
                        {editError}
                      </p>
                    ) : null}
                  </Td>
                  <Td className="max-md:col-span-2">
                    <div className="flex flex-wrap gap-2">
                      <AdminButton size="sm" variant="primary" onClick={saveEdit} disabled={savingEdit}>
                        {savingEdit ? 'Saving…' : 'Save'}
                      </AdminButton>
                      <AdminButton
                        size="sm"
                        onClick={() => {
                          setEditing(null);
                          setEditError(null);
                        }}
                        disabled={savingEdit}
                      >
                        Cancel
                      </AdminButton>
                    </div>
                  </Td>
                </Tr>
              ) : (
                <Tr key={row.id} data-testid={`${resource.singular}-row-${row.id}`}>
                  <Td data-label="Name" className="font-medium max-md:col-span-2">
                    {row.name}
                  </Td>
                  <Td data-label={resource.detailLabel} className="text-muted max-md:col-span-2">
                    {row.detail || '—'}
                  </Td>
                  <Td className="max-md:col-span-2">
                    <div className="flex flex-wrap gap-2">
                      <AdminButton
                        size="sm"
                        onClick={() => {
                          setEditing({ id: row.id, name: row.name, detail: row.detail ?? '' });
                          setEditError(null);
                        }}
                      >
                        Edit
                      </AdminButton>
                      <ConfirmDialog
                        trigger={
                          <AdminButton size="sm" variant="danger">
                            Delete
                          </AdminButton>
                        }
                        title={`Delete ${resource.singular} “${row.name}”?`}
                        description={`Are you sure you want to delete this ${resource.singular}?`}
                        confirmLabel="Delete"
                        onConfirm={() => remove(row)}
                      />
                    </div>
                  </Td>
                </Tr>
              ),
            )}
          </tbody>
        </AdminTable>
      )}
    </div>
  );
}
