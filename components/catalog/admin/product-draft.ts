/**
 * A Product Management row's editable values as the table holds them, and the rules that turn
 * them into a request and its failures back into messages by field. Pure functions, no React.
 */
import { ApiError, errorMessage } from '@/lib/api/client';
import type { ProductJson } from '@/lib/catalog/types';

/** A row's editable values (price and stock as typed; ids null = none). */
export type RowDraft = {
  name: string;
  price: string;
  sku: string;
  stock: string;
  category_id: number | null;
  brand_id: number | null;
  featured: boolean;
};
export type DraftField = keyof RowDraft;
/** Messages by field; `row` for what belongs to no one field. */
export type RowErrors = Partial<Record<DraftField | 'row', string>>;

const DRAFT_FIELDS: readonly DraftField[] = ['name', 'price', 'sku', 'stock', 'category_id', 'brand_id', 'featured'];

export const SAVE_FAILED = 'Failed to save changes. Please try again.';

/** A saved product's values as a draft (price with two decimals). */
export const toDraft = (p: ProductJson): RowDraft => ({
  name: p.name,
  price: Number.isFinite(Number(p.price)) ? Number(p.price).toFixed(2) : String(p.price),
  sku: p.sku,
  stock: String(p.stock),
  category_id: p.category_id,
  brand_id: p.brand_id,
  featured: p.featured,
});

/** Whether an edited value means the same as the original (1299.5 vs "1299.50", " Oak " vs "Oak"). */
export function sameValue(field: DraftField, a: RowDraft[DraftField], b: RowDraft[DraftField]): boolean {
  if (field === 'price' || field === 'stock') {
    const x = String(a).trim();
    const y = String(b).trim();
    return x === y || (x !== '' && y !== '' && Number(x) === Number(y));
  }
  if (field === 'name' || field === 'sku') return String(a).trim() === String(b).trim();
  return a === b;
}

/** Messages by field from zod issues or a server `errors` list (path "price" or ["price"]); the first per field wins. */
export function fieldErrors(issues: { path: PropertyKey[] | string; message: string }[]): RowErrors {
  const out: RowErrors = {};
  for (const i of issues) {
    const key = (Array.isArray(i.path) ? String(i.path[0] ?? '') : String(i.path).split('.')[0]) as DraftField;
    out[DRAFT_FIELDS.includes(key) ? key : 'row'] ??= i.message;
  }
  return out;
}

/** A refused save as messages by field: the server's `errors` list or `field`, else the whole row. */
export function serverErrors(e: unknown): RowErrors {
  if (e instanceof ApiError && e.status >= 400 && e.status < 500) {
    const body = e.body as { errors?: { path: string; message: string }[]; field?: string } | undefined;
    if (body?.errors?.length) return fieldErrors(body.errors);
    if (body?.field && DRAFT_FIELDS.includes(body.field as DraftField) && body.field !== 'featured') return { [body.field]: e.message };
    return { row: e.message };
  }
  return { row: errorMessage(e, SAVE_FAILED) };
}

/** The values as the multipart form POST/PUT /api/products take (null → '' = none). */
export function formOf(values: Partial<RowDraft>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v === null || v === undefined ? '' : String(v));
  return form;
}
