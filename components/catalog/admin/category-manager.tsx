'use client';
/**
 * Categories: the add form (Name and Room — none makes a new room), then a table
 * of rooms, each followed by its subcategories, with the products listed in each. Edit renames a
 * category and, for a subcategory, moves it to another room; Delete asks first, and a category
 * still in use answers 409 with the reason, shown in the dialog's toast. Every change goes through
 * /api/categories and then the server's list is read again (router.refresh()).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/ui/button';
import { adminInputClass } from '@/components/admin/field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastFailure } from '@/components/ui/toast-failure';
import { api, errorMessage } from '@/lib/api/client';
import { categoryCreateSchema, categoryUpdateSchema, CATEGORY_NAME_MAX, type CategoryCreateInput, type CategoryFormValues } from '@/lib/catalog/admin/category-schema';
import type { AdminCategoryNode } from '@/lib/catalog/admin/category-service';
import { FieldAlert } from './merchant-add-form';

type Row = AdminCategoryNode['subcategories'][number];
type Room = Pick<AdminCategoryNode, 'category_id' | 'name'>;

/** Names are stored as written; underscores read as spaces (spec §3 Category). */
const shown = (name: string) => name.replace(/_/g, ' ');
const productsLabel = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

function AddCategoryForm({ rooms, onAdded }: { rooms: Room[]; onAdded: () => void }) {
  const form = useForm<CategoryFormValues, unknown, CategoryCreateInput>({ resolver: zodResolver(categoryCreateSchema), defaultValues: { name: '', parent_id: '' } });
  const { errors, isSubmitting } = form.formState;

  async function add(values: CategoryCreateInput) {
    try {
      await api.catalog.createCategory(values);
      toast.success(values.parent_id === null ? `Room “${values.name}” added.` : `Category “${values.name}” added.`);
      form.reset({ name: '', parent_id: form.getValues('parent_id') });
      onAdded();
    } catch (e) {
      form.setError('name', { type: 'server', message: errorMessage(e, 'Failed to add the category. Please try again.') });
    }
  }

  return (
    <form onSubmit={form.handleSubmit(add)} noValidate aria-label="Add a category" className="grid gap-3 rounded-card border border-line bg-surface p-4 md:grid-cols-[2fr_2fr_auto] md:items-start">
      <div>
        <label htmlFor="category-name" className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">
          Name
        </label>
        <input id="category-name" className={adminInputClass} maxLength={CATEGORY_NAME_MAX} aria-invalid={Boolean(errors.name)} {...form.register('name')} />
        <FieldAlert message={errors.name?.message} />
      </div>
      <div>
        <label htmlFor="category-room" className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">
          Room
        </label>
        <select id="category-room" className={adminInputClass} {...form.register('parent_id')}>
          <option value="">None — a new room</option>
          {rooms.map((r) => (
            <option key={r.category_id} value={String(r.category_id)}>
              {shown(r.name)}
            </option>
          ))}
        </select>
        <FieldAlert message={errors.parent_id?.message} />
      </div>
      <AdminButton type="submit" variant="primary" className="md:mt-5" disabled={isSubmitting}>
        {isSubmitting ? 'Adding…' : 'Add Category'}
      </AdminButton>
    </form>
  );
}

/** One category's row: a room (bold, its subcategory count) or a subcategory (indented, its room). */
function CategoryRow({ row, room, subcategories, onEdit, onDeleted, editDisabled }: { row: Row; room: Room | null; subcategories?: number; onEdit: () => void; onDeleted: () => void; editDisabled: boolean }) {
  async function remove() {
    try {
      const { message } = await api.catalog.deleteCategory(row.category_id);
      toast.success(message);
    } catch (e) {
      toastFailure('Failed to delete the category.', e);
      throw e;
    }
    onDeleted();
  }
  return (
    <Tr data-testid={`category-row-${row.category_id}`} className={clsx(!room && 'bg-canvas/40')}>
      <Td data-label="Name" className={clsx('max-md:col-span-2', room ? 'md:pl-8' : 'font-semibold')}>
        {room ? <span aria-hidden className="mr-2 text-muted">↳</span> : null}
        {shown(row.name)}
      </Td>
      <Td data-label="Room" className="text-muted">
        {room ? shown(room.name) : subcategories ? `Room · ${subcategories} ${subcategories === 1 ? 'subcategory' : 'subcategories'}` : 'Room'}
      </Td>
      <Td data-label="Products" className="tabular-nums">
        {productsLabel(row.product_count)}
      </Td>
      <Td className="max-md:col-span-2">
        <div className="flex flex-wrap gap-2">
          <AdminButton size="sm" onClick={onEdit} disabled={editDisabled} aria-label={`Edit ${shown(row.name)}`}>
            Edit
          </AdminButton>
          <ConfirmDialog
            trigger={
              <AdminButton size="sm" variant="danger" aria-label={`Delete ${shown(row.name)}`}>
                Delete
              </AdminButton>
            }
            title={`Delete “${shown(row.name)}”?`}
            description="A category can be deleted only when no product is listed in it and it has no subcategories."
            confirmLabel="Delete"
            onConfirm={remove}
          />
        </div>
      </Td>
    </Tr>
  );
}

/** The edit row: Name, and for a subcategory the room it belongs to. Checked with the API's schema before sending. */
function CategoryEditRow({ row, room, rooms, onCancel, onSaved }: { row: Row; room: Room | null; rooms: Room[]; onCancel: () => void; onSaved: () => void }) {
  const [name, setName] = useState(row.name);
  const [parent, setParent] = useState(room ? String(room.category_id) : '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    const body = { name, ...(room ? { parent_id: parent } : {}) };
    const parsed = categoryUpdateSchema.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the values.');
    setSaving(true);
    try {
      await api.catalog.updateCategory(row.category_id, body);
      toast.success('Category saved.');
      onSaved();
    } catch (e) {
      setError(errorMessage(e, 'Failed to save the category. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Tr data-testid={`category-row-${row.category_id}`} className="bg-brand-soft/40">
      <Td data-label="Name" className="max-md:col-span-2">
        <input aria-label="Name" className={adminInputClass} maxLength={CATEGORY_NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} />
        <FieldAlert message={error} />
      </Td>
      <Td data-label="Room" className="max-md:col-span-2">
        {room ? (
          <select aria-label="Room" className={adminInputClass} value={parent} onChange={(e) => setParent(e.target.value)}>
            {rooms.map((r) => (
              <option key={r.category_id} value={String(r.category_id)}>
                {shown(r.name)}
              </option>
            ))}
          </select>
        ) : (
          <span className="text-muted">Room</span>
        )}
      </Td>
      <Td data-label="Products" className="tabular-nums">
        {productsLabel(row.product_count)}
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

/** `tree`: rooms with their subcategories and product counts, read on the server. */
export function CategoryManager({ tree }: { tree: AdminCategoryNode[] }) {
  const router = useRouter();
  const [editingId, setEditingId] = useState<number | null>(null);
  const rooms: Room[] = tree.map((r) => ({ category_id: r.category_id, name: r.name }));
  const refresh = () => router.refresh();
  const done = () => {
    setEditingId(null);
    refresh();
  };

  const row = (r: Row, room: Room | null, subcategories?: number) =>
    editingId === r.category_id ? (
      <CategoryEditRow key={r.category_id} row={r} room={room} rooms={rooms} onCancel={() => setEditingId(null)} onSaved={done} />
    ) : (
      <CategoryRow key={r.category_id} row={r} room={room} subcategories={subcategories} editDisabled={editingId !== null} onEdit={() => setEditingId(r.category_id)} onDeleted={refresh} />
    );

  return (
    <div className="space-y-4">
      <AddCategoryForm rooms={rooms} onAdded={refresh} />
      <AdminTable label="Categories" stacked>
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Room</Th>
            <Th>Products</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {tree.length === 0 ? <EmptyRow colSpan={4}>No categories yet.</EmptyRow> : null}
          {tree.flatMap((room) => [row(room, null, room.subcategories.length), ...room.subcategories.map((s) => row(s, room))])}
        </tbody>
      </AdminTable>
    </div>
  );
}
