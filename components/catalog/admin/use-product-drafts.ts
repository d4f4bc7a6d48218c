'use client';
/**
 * Product Management's unsaved work: the changed fields of saved products, the new rows, and the
 * messages of rows a save refused. Save Changes checks each row by the API's own rules
 * (productCreateSchema / productUpdateSchema), creates each new row (POST /api/products) and
 * updates each changed one (PUT /api/products/{id}), one multipart request each; rows that fail
 * keep their edits and say why. Leaving the page with unsaved work asks first.
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { api } from '@/lib/api/client';
import { productCreateSchema, productUpdateSchema } from '@/lib/catalog/admin/product-schema';
import type { ProductJson } from '@/lib/catalog/types';
import { SAVE_FAILED, fieldErrors, formOf, sameValue, serverErrors, toDraft, type DraftField, type RowDraft, type RowErrors } from './product-draft';

export type NewRow = { key: string; draft: RowDraft };

type Checked = { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/** One row's save: its check, then its request. → null when saved, else its messages by field. */
async function saveRow(checked: Checked, send: () => Promise<unknown>): Promise<RowErrors | null> {
  if (!checked.success) return fieldErrors(checked.error.issues);
  try {
    await send();
    return null;
  } catch (e) {
    return serverErrors(e);
  }
}

const withoutKey = <T>(record: Record<string, T>, key: string | number): Record<string, T> => {
  const next = { ...record };
  delete next[key];
  return next;
};

/**
 * `newRowDefaults`: the values a new row starts with (the first subcategory and brand).
 * `onSaved`: called after a save that stored anything (the table reloads).
 */
export function useProductDrafts({ newRowDefaults, onSaved }: { newRowDefaults: () => Pick<RowDraft, 'category_id' | 'brand_id'>; onSaved: () => Promise<void> }) {
  /** Pending edits of saved products, by product id: only the changed fields. */
  const [edits, setEdits] = useState<Record<number, Partial<RowDraft>>>({});
  const [newRows, setNewRows] = useState<NewRow[]>([]);
  const [rowErrors, setRowErrors] = useState<Record<string, RowErrors>>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const newCounter = useRef(0);

  const pendingCount = newRows.length + Object.keys(edits).length;

  // Unsaved edits are only in this page: warn before the browser leaves it.
  useEffect(() => {
    if (pendingCount === 0) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pendingCount]);

  /** Clears a row's message for `field` (and its row message) once the field is edited again. */
  const clearError = (key: string, field: DraftField) => setRowErrors((e) => (e[key] ? { ...e, [key]: { ...e[key], [field]: undefined, row: undefined } } : e));

  /** Records `field` of a saved product; a value equal to the saved one is no longer a change. */
  function setEdit(product: ProductJson, field: DraftField, value: RowDraft[DraftField]) {
    const original = toDraft(product);
    setEdits((all) => {
      const current: Partial<RowDraft> = { ...all[product.product_id] };
      if (sameValue(field, value, original[field])) delete current[field];
      else Object.assign(current, { [field]: value });
      return Object.keys(current).length ? { ...all, [product.product_id]: current } : withoutKey(all, product.product_id);
    });
    clearError(String(product.product_id), field);
  }

  function setNewField(key: string, field: DraftField, value: RowDraft[DraftField]) {
    setNewRows((rows) => rows.map((r) => (r.key === key ? { ...r, draft: { ...r.draft, [field]: value } } : r)));
    clearError(key, field);
  }

  /** A new empty row on top, keyed "new", "new-1", "new-2" … (the key names its cells' test ids). */
  function addNewRow() {
    const key = newCounter.current === 0 ? 'new' : `new-${newCounter.current}`;
    newCounter.current += 1;
    setNewRows((rows) => [{ key, draft: { name: '', price: '', sku: '', stock: '0', featured: false, ...newRowDefaults() } }, ...rows]);
  }

  function discardNewRow(key: string) {
    setNewRows((rows) => rows.filter((r) => r.key !== key));
    setRowErrors((e) => withoutKey(e, key));
  }

  function discardAll() {
    setEdits({});
    setNewRows([]);
    setRowErrors({});
    setSaveError(null);
  }

  /** Drops the edits of a product that no longer exists. */
  const forget = (productId: number) => setEdits((all) => withoutKey(all, productId));

  /** Saves every pending row (see the module comment); toasts what was saved. Never throws. */
  async function saveChanges() {
    setSaving(true);
    setSaveError(null);
    const errors: Record<string, RowErrors> = {};
    const keptNew: NewRow[] = [];
    const keptEdits: Record<number, Partial<RowDraft>> = {};
    let saved = 0;

    // New rows first (oldest first, so they list in the order they were added).
    for (const row of [...newRows].reverse()) {
      const failed = await saveRow(productCreateSchema.safeParse(row.draft), () => api.catalog.createProduct(formOf(row.draft)));
      if (!failed) saved++;
      else {
        errors[row.key] = failed;
        keptNew.unshift(row);
      }
    }
    for (const [id, changes] of Object.entries(edits)) {
      const failed = await saveRow(productUpdateSchema.safeParse(changes), () => api.catalog.updateProduct(id, formOf(changes)));
      if (!failed) saved++;
      else {
        errors[id] = failed;
        keptEdits[Number(id)] = changes;
      }
    }

    setNewRows(keptNew);
    setEdits(keptEdits);
    setRowErrors(errors);
    setSaving(false);
    const failed = Object.keys(errors).length;
    if (failed) {
      setSaveError(SAVE_FAILED);
      if (saved) toast.success(`${saved} ${saved === 1 ? 'change' : 'changes'} saved; ${failed} ${failed === 1 ? 'row needs' : 'rows need'} attention.`);
    } else if (saved) {
      toast.success(saved === 1 ? 'Change saved.' : `${saved} changes saved.`);
    }
    if (saved) await onSaved();
  }

  return { edits, newRows, rowErrors, saving, saveError, pendingCount, setEdit, setNewField, addNewRow, discardNewRow, discardAll, forget, saveChanges };
}
