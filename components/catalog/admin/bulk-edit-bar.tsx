'use client';
/**
 * Product Management's bulk edit (docs/back-office.md "Bulk edit"): the selection (ticked rows, or
 * every product matching the search), one change chosen in a form, its preview (how many products
 * and the first rows before → after), "Apply to N products", and a note with Undo after it.
 * Everything goes through POST /api/products/bulk-edits and its undo; the server re-reads a
 * "matching" selection with the list's own filter and refuses the apply if the count moved.
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { AdminTable, Td, Th, Tr } from '@/components/admin/admin-table';
import { adminInputClass } from '@/components/admin/field';
import { AdminButton } from '@/components/ui/button';
import { toastFailure } from '@/components/ui/toast-failure';
import { api, errorMessage } from '@/lib/api/client';
import { SHIPPING_CLASSES } from '@/db/statuses';
import type { BulkChanges } from '@/lib/catalog/admin/bulk-edit-schema';
import type { BulkEditJson, BulkValuesJson } from '@/lib/catalog/contracts';
import { formatMoney } from '@/lib/money';
import type { ProductOptions } from './product-cells';

// Each control carries its own aria-label: a label wrapping a select would otherwise name it
// with its chosen option too ("Change Change price by percentage").

/** What is selected: ticked ids, or every product matching the search in force. */
export type BulkSelectionState = { ids: number[]; allMatching: boolean };

const ACTIONS = {
  percent: 'Change price by percentage',
  amount: 'Change price by amount',
  compare_set: 'Set compare-at price',
  compare_previous: 'Compare-at = price before this edit',
  compare_clear: 'Clear compare-at price',
  category: 'Set category',
  brand: 'Set brand',
  featured: 'Set featured',
  shipping: 'Set shipping class',
  archive: 'Archive (hide from the shop)',
} as const;
type Action = keyof typeof ACTIONS;

type FormValues = { action: Action; price_action: '' | 'percent' | 'amount'; value: string; category_id: string; brand_id: string; featured: 'true' | 'false'; shipping_class: string };

/** The form as the API's changes, or the message of what is missing. */
function toChanges(v: FormValues): { changes?: BulkChanges; error?: string } {
  const number = Number(v.value);
  const needsNumber = v.action === 'percent' || v.action === 'amount' || v.action === 'compare_set';
  if (needsNumber && (v.value.trim() === '' || !Number.isFinite(number))) return { error: v.action === 'percent' ? 'Enter a percentage, e.g. -10 for a 10 % cut.' : 'Enter an amount in dollars, e.g. -5 or 12.50.' };
  switch (v.action) {
    case 'percent':
      return { changes: { price: { by: 'percent', value: number } } };
    case 'amount':
      return { changes: { price: { by: 'amount', value: number } } };
    case 'compare_set':
      return { changes: { compare_at: { set: number } } };
    case 'compare_previous': {
      // A sale in one step: the price change the form also holds, with the old price shown struck through.
      const price = v.price_action && v.value.trim() !== '' && Number.isFinite(number) ? { by: v.price_action, value: number } : undefined;
      if (!price) return { error: 'Choose the price change that goes with it.' };
      return { changes: { price, compare_at: { set: 'previous_price' } } };
    }
    case 'compare_clear':
      return { changes: { compare_at: { clear: true } } };
    case 'category':
      return v.category_id ? { changes: { category_id: Number(v.category_id) } } : { error: 'Choose a category.' };
    case 'brand':
      return { changes: { brand_id: v.brand_id ? Number(v.brand_id) : null } };
    case 'featured':
      return { changes: { featured: v.featured === 'true' } };
    case 'shipping':
      return v.shipping_class ? { changes: { shipping_class: v.shipping_class as BulkChanges['shipping_class'] } } : { error: 'Choose a shipping class.' };
    case 'archive':
      return { changes: { archive: true } };
  }
}

/** One side of a preview row, in words. */
function describeValues(v: BulkValuesJson, options: ProductOptions): string {
  const names = (id: number | null | undefined, list: { id: number; name: string }[], none: string) => (id == null ? none : (list.find((x) => x.id === id)?.name ?? `#${id}`));
  const categories = options.categories.flatMap((room) => [{ id: room.category_id, name: room.name }, ...(room.subcategories ?? []).map((s) => ({ id: s.category_id, name: s.name }))]);
  const parts: string[] = [];
  if (v.price !== undefined) parts.push(formatMoney(v.price, options.currency));
  if (v.compare_at_price !== undefined) parts.push(v.compare_at_price === null ? 'no compare-at' : `was ${formatMoney(v.compare_at_price, options.currency)}`);
  if (v.category_id !== undefined) parts.push(names(v.category_id, categories, 'No category'));
  if (v.brand_id !== undefined) parts.push(names(v.brand_id, options.brands.map((b) => ({ id: b.brand_id, name: b.name })), 'No brand'));
  if (v.featured !== undefined) parts.push(v.featured ? 'Featured' : 'Not featured');
  if (v.shipping_class !== undefined) parts.push(v.shipping_class.replace('_', ' '));
  if (v.archived !== undefined) parts.push(v.archived ? 'Archived' : 'In the shop');
  return parts.join(' · ');
}

/**
 * The bar above the table while products are selected. `pageIds`: the products shown; `total`:
 * how many match the search `query` ('' = all); `onSelectAllMatching`, `onSelectPage` and `onClear` change the
 * selection; `onChanged` reads the list again after an apply or undo.
 */
export function BulkEditBar({
  selection,
  pageIds,
  total,
  query,
  options,
  onSelectAllMatching,
  onSelectPage,
  onClear,
  onChanged,
}: {
  selection: BulkSelectionState;
  pageIds: number[];
  total: number;
  query: string;
  options: ProductOptions;
  onSelectAllMatching: () => void;
  /** Ticks every product shown (the header's box is hidden on phones). */
  onSelectPage: () => void;
  onClear: () => void;
  onChanged: () => Promise<void>;
}) {
  const form = useForm<FormValues>({ defaultValues: { action: 'percent', price_action: 'percent', value: '', category_id: '', brand_id: '', featured: 'true', shipping_class: '' } });
  // The preview keeps the selection and changes it was made for: Apply sends exactly those.
  const [preview, setPreview] = useState<{ result: BulkEditJson; changes: BulkChanges; selection: BulkSelectionState } | null>(null);
  const [done, setDone] = useState<{ id: number; count: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const action = useWatch({ control: form.control, name: 'action' });
  const priceAction = useWatch({ control: form.control, name: 'price_action' });
  const count = selection.allMatching ? total : selection.ids.length;
  const pageAllTicked = pageIds.length > 0 && pageIds.every((id) => selection.ids.includes(id));
  const filter: Record<string, string> = query ? { q: query } : {};

  const selectionBody = (chosen: BulkSelectionState, expected?: number) => (chosen.allMatching ? { filter, ...(expected !== undefined ? { expected_count: expected } : {}) } : { ids: chosen.ids });

  async function runPreview(values: FormValues) {
    const { changes, error } = toChanges(values);
    if (!changes) {
      form.setError('value', { type: 'manual', message: error });
      return;
    }
    setBusy(true);
    try {
      const result = await api.catalog.bulkEdit({ selection: selectionBody(selection), changes, preview: true });
      setPreview({ result, changes, selection });
      setDone(null);
    } catch (e) {
      form.setError('value', { type: 'server', message: errorMessage(e, 'The preview failed. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  async function apply() {
    if (!preview) return;
    setBusy(true);
    try {
      const result = await api.catalog.bulkEdit({ selection: selectionBody(preview.selection, preview.result.count), changes: preview.changes });
      setDone({ id: result.bulk_edit_id!, count: result.count });
      setPreview(null);
      onClear();
      await onChanged();
    } catch (e) {
      toastFailure(errorMessage(e, 'The bulk edit failed; nothing was changed. Please try again.'), e);
    } finally {
      setBusy(false);
    }
  }

  async function undo() {
    if (!done) return;
    setBusy(true);
    try {
      const result = await api.catalog.undoBulkEdit(done.id);
      toast.success(result.message);
      setDone(null);
      await onChanged();
    } catch (e) {
      toastFailure(errorMessage(e, 'The undo failed. Please try again.'), e);
    } finally {
      setBusy(false);
    }
  }

  if (count === 0 && !done) return null;
  const errors = form.formState.errors;
  const valueLabel = action === 'percent' || (action === 'compare_previous' && priceAction === 'percent') ? 'Percent' : 'Dollars';
  const needsValue = action === 'percent' || action === 'amount' || action === 'compare_set' || action === 'compare_previous';

  return (
    <section aria-label="Bulk edit" className="mb-4 rounded-card border border-brand/30 bg-brand-soft/30 p-3 text-sm">
      {done ? (
        <div role="status" className="flex flex-wrap items-center gap-3">
          <span>
            Updated {done.count} {done.count === 1 ? 'product' : 'products'}.
          </span>
          <AdminButton size="sm" onClick={undo} disabled={busy}>
            Undo
          </AdminButton>
          <AdminButton size="sm" variant="ghost" onClick={() => setDone(null)}>
            Dismiss
          </AdminButton>
        </div>
      ) : null}

      {count > 0 ? (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <strong className="font-semibold text-ink" data-testid="bulk-count">
              {count} selected
            </strong>
            {!selection.allMatching && !pageAllTicked ? (
              <AdminButton size="sm" variant="ghost" onClick={onSelectPage}>
                Select this page
              </AdminButton>
            ) : null}
            {!selection.allMatching && pageAllTicked && total > selection.ids.length ? (
              <AdminButton size="sm" variant="ghost" onClick={onSelectAllMatching}>
                Select all {total} matching {query ? 'this search' : 'products'}
              </AdminButton>
            ) : null}
            {selection.allMatching ? <span className="text-muted">All {total} products matching {query ? `“${query}”` : 'the list'}</span> : null}
            <AdminButton size="sm" variant="ghost" onClick={onClear}>
              Clear selection
            </AdminButton>
          </div>

          <form onSubmit={form.handleSubmit(runPreview)} noValidate aria-label="Bulk change" className="mt-3 flex flex-wrap items-end gap-2">
            <label className="block min-w-[12rem] flex-1 sm:flex-none">
              <span className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">Change</span>
              <select aria-label="Change" className={adminInputClass} {...form.register('action', { onChange: () => setPreview(null) })}>
                {Object.entries(ACTIONS).map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            </label>
            {action === 'compare_previous' ? (
              <label className="block w-40">
                <span className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">Price change</span>
                <select aria-label="Price change" className={adminInputClass} {...form.register('price_action')}>
                  <option value="percent">By percentage</option>
                  <option value="amount">By amount</option>
                </select>
              </label>
            ) : null}
            {needsValue ? (
              <label className="block w-32">
                <span className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">{valueLabel}</span>
                <input aria-label={valueLabel} className={adminInputClass} inputMode="decimal" placeholder={action === 'compare_set' ? '499.00' : '-10'} aria-invalid={Boolean(errors.value)} {...form.register('value', { onChange: () => setPreview(null) })} />
              </label>
            ) : null}
            {action === 'category' ? (
              <label className="block min-w-[12rem]">
                <span className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">Category</span>
                <select aria-label="Category" className={adminInputClass} {...form.register('category_id')}>
                  <option value="">Choose…</option>
                  {options.categories.map((room) =>
                    room.subcategories?.length ? (
                      <optgroup key={room.category_id} label={room.name}>
                        {room.subcategories.map((s) => (
                          <option key={s.category_id} value={s.category_id}>
                            {s.name}
                          </option>
                        ))}
                      </optgroup>
                    ) : (
                      <option key={room.category_id} value={room.category_id}>
                        {room.name}
                      </option>
                    ),
                  )}
                </select>
              </label>
            ) : null}
            {action === 'brand' ? (
              <label className="block min-w-[10rem]">
                <span className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">Brand</span>
                <select aria-label="Brand" className={adminInputClass} {...form.register('brand_id')}>
                  <option value="">No brand</option>
                  {options.brands.map((b) => (
                    <option key={b.brand_id} value={b.brand_id}>
                      {b.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {action === 'featured' ? (
              <label className="block w-40">
                <span className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">Featured</span>
                <select aria-label="Featured" className={adminInputClass} {...form.register('featured')}>
                  <option value="true">Featured</option>
                  <option value="false">Not featured</option>
                </select>
              </label>
            ) : null}
            {action === 'shipping' ? (
              <label className="block w-40">
                <span className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">Shipping class</span>
                <select aria-label="Shipping class" className={adminInputClass} {...form.register('shipping_class')}>
                  <option value="">Choose…</option>
                  {SHIPPING_CLASSES.map((c) => (
                    <option key={c} value={c}>
                      {c.replace('_', ' ')}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <AdminButton type="submit" disabled={busy}>
              Preview
            </AdminButton>
            {errors.value?.message ? (
              <p role="alert" className="basis-full text-xs text-danger">
                {errors.value.message}
              </p>
            ) : null}
          </form>

          {/* A preview made for another selection is no longer shown (ticking a row after it hides it). */}
          {preview && preview.selection === selection ? (
            <div className="mt-3" data-testid="bulk-preview">
              <p className="mb-2 text-ink">
                {preview.result.count} {preview.result.count === 1 ? 'product' : 'products'} will change
                {preview.result.count > preview.result.rows.length ? `; the first ${preview.result.rows.length} are shown` : ''}.
              </p>
              <AdminTable label="Bulk edit preview" stacked dense>
                <thead>
                  <tr>
                    <Th>Product</Th>
                    <Th>Before</Th>
                    <Th>After</Th>
                  </tr>
                </thead>
                <tbody>
                  {preview.result.rows.map((r) => (
                    <Tr key={r.product_id}>
                      <Td data-label="Product" className="max-md:col-span-2">
                        {r.name} <span className="text-xs text-muted">{r.sku}</span>
                      </Td>
                      <Td data-label="Before" className="text-muted">
                        {describeValues(r.before, options)}
                      </Td>
                      <Td data-label="After" className="font-medium text-ink">
                        {describeValues(r.after, options)}
                      </Td>
                    </Tr>
                  ))}
                </tbody>
              </AdminTable>
              <div className="mt-3 flex flex-wrap gap-2">
                <AdminButton variant="primary" onClick={apply} disabled={busy} aria-busy={busy}>
                  {busy ? 'Applying…' : `Apply to ${preview.result.count} ${preview.result.count === 1 ? 'product' : 'products'}`}
                </AdminButton>
                <AdminButton variant="ghost" onClick={() => setPreview(null)} disabled={busy}>
                  Cancel
                </AdminButton>
              </div>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** The selection's state and changes: a row ticked or not, the page at once, every matching product. */
export function useBulkSelection() {
  const [selection, setSelection] = useState<BulkSelectionState>({ ids: [], allMatching: false });
  return {
    selection,
    isSelected: (id: number) => selection.allMatching || selection.ids.includes(id),
    toggle: (id: number, on: boolean) => setSelection((s) => ({ allMatching: false, ids: on ? [...new Set([...s.ids, id])] : s.ids.filter((x) => x !== id) })),
    togglePage: (ids: number[], on: boolean) => setSelection((s) => ({ allMatching: false, ids: on ? [...new Set([...s.ids, ...ids])] : s.ids.filter((x) => !ids.includes(x)) })),
    selectAllMatching: () => setSelection((s) => ({ ...s, allMatching: true })),
    clear: () => setSelection({ ids: [], allMatching: false }),
  };
}
