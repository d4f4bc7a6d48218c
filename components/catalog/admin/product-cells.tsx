'use client';
/**
 * The editable cells of one Product Management row, new or saved: name, price, SKU and stock
 * edited in place (double-click), category and brand as dropdowns, featured as a checkbox. A
 * changed value is tinted; a refused one shows its message under it.
 */
import clsx from 'clsx';
import { Td } from '@/components/admin/admin-table';
import { InlineEditCell } from '@/components/admin/inline-edit-cell';
import type { BrandJson } from '@/lib/catalog/contracts';
import type { CategoryNode } from '@/lib/catalog/types';
import { formatMoney } from '@/lib/money';
import { priceField, stockField } from '@/lib/catalog/admin/product-schema';
import type { DraftField, RowDraft, RowErrors } from './product-draft';

/** The choices of the category and brand dropdowns, and the store currency (ISO 4217) of the prices. */
export type ProductOptions = { categories: CategoryNode[]; brands: Pick<BrandJson, 'brand_id' | 'name'>[]; currency: string };

type InPlaceField = 'name' | 'price' | 'sku' | 'stock';
type InPlaceCell = { field: InPlaceField; title: string; className: string; input: Partial<React.ComponentProps<typeof InlineEditCell>> };

/** A typed value checked by the API's own field rule (lib/catalog/admin/product-schema.ts) before it is shown or sent. */
const checkWith = (field: typeof priceField | typeof stockField) => (v: string) => {
  const r = field.safeParse(v);
  return r.success ? undefined : r.error.issues[0]?.message;
};

const IN_PLACE: readonly InPlaceCell[] = [
  { field: 'name', title: 'Name', className: 'min-w-[8rem] max-md:col-span-2', input: { placeholder: 'Name' } },
  { field: 'price', title: 'Price', className: 'min-w-[5.5rem]', input: { type: 'number', step: '0.01', min: '0.01', inputMode: 'decimal', placeholder: 'Price', validate: checkWith(priceField) } },
  { field: 'sku', title: 'SKU', className: 'min-w-[6rem]', input: { placeholder: 'SKU' } },
  { field: 'stock', title: 'Stock', className: 'min-w-[4rem]', input: { type: 'number', step: '1', min: '0', inputMode: 'numeric', validate: checkWith(stockField) } },
];

const prettyName = (name: string) => name.replace(/_/g, ' ');

/** A row's id dropdown (category or brand; '' = none) with its error below. */
function RowSelect({ value, onChange, label, error, width, children }: { value: number | null; onChange: (v: number | null) => void; label: string; error?: string; width: string; children: React.ReactNode }) {
  return (
    <div>
      <select
        aria-label={label}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        className={clsx('w-full rounded-md border bg-surface px-2 py-1.5 text-sm max-md:max-w-none', width, error ? 'border-danger' : 'border-line')}
      >
        {children}
      </select>
      {error ? <p className="mt-1 text-xs text-danger">{error}</p> : null}
    </div>
  );
}

/** Rooms as option groups of their subcategories (a room without any is an option itself). */
function CategoryOptions({ categories, value }: { categories: CategoryNode[]; value: number | null }) {
  // A category that is not in the tree (removed since) still shows as what the product holds.
  const unlisted = value !== null && !categories.some((room) => room.category_id === value || room.subcategories?.some((s) => s.category_id === value));
  return (
    <>
      <option value="">No category</option>
      {unlisted ? <option value={value}>Category #{value}</option> : null}
      {categories.map((room) =>
        room.subcategories?.length ? (
          <optgroup key={room.category_id} label={prettyName(room.name)}>
            {room.subcategories.map((s) => (
              <option key={s.category_id} value={s.category_id}>
                {prettyName(s.name)}
              </option>
            ))}
          </optgroup>
        ) : (
          <option key={room.category_id} value={room.category_id}>
            {prettyName(room.name)}
          </option>
        ),
      )}
    </>
  );
}

/**
 * `rowKey` names the cells' test ids (price-12, price-new); `label` their accessible names
 * ("Price of Kivik sofa"); `modified` marks changed fields; `set` records an edit.
 */
export function ProductCells({
  rowKey,
  label,
  draft,
  modified,
  errors,
  options,
  set,
}: {
  rowKey: string;
  label: string;
  draft: RowDraft;
  modified: Partial<Record<DraftField, boolean>>;
  errors: RowErrors;
  options: ProductOptions;
  set: (field: DraftField, value: RowDraft[DraftField]) => void;
}) {
  const { brands, categories, currency } = options;
  const money = (v: string) => (Number.isFinite(Number(v)) && v.trim() !== '' ? formatMoney(Number(v), currency) : v);
  return (
    <>
      {IN_PLACE.map(({ field, title, className, input }) => (
        <Td key={field} data-label={title} className={className}>
          <InlineEditCell
            {...input}
            label={`${title} of ${label}`}
            testId={`${field}-${rowKey}`}
            value={draft[field]}
            modified={modified[field]}
            error={errors[field]}
            display={field === 'price' ? money : undefined}
            onCommit={(v) => set(field, v)}
          />
        </Td>
      ))}
      <Td data-label="Category" className={clsx(modified.category_id && 'bg-accent/10')}>
        <RowSelect value={draft.category_id} onChange={(v) => set('category_id', v)} label={`Category of ${label}`} error={errors.category_id} width="min-w-[7rem] max-w-[9rem]">
          <CategoryOptions categories={categories} value={draft.category_id} />
        </RowSelect>
      </Td>
      <Td data-label="Brand" className={clsx(modified.brand_id && 'bg-accent/10')}>
        <RowSelect value={draft.brand_id} onChange={(v) => set('brand_id', v)} label={`Brand of ${label}`} error={errors.brand_id} width="min-w-[5.5rem] max-w-[7rem]">
          <option value="">No brand</option>
          {draft.brand_id !== null && !brands.some((b) => b.brand_id === draft.brand_id) ? <option value={draft.brand_id}>Brand #{draft.brand_id}</option> : null}
          {brands.map((b) => (
            <option key={b.brand_id} value={b.brand_id}>
              {b.name}
            </option>
          ))}
        </RowSelect>
      </Td>
      <Td data-label="Featured" className={clsx('md:text-center', modified.featured && 'bg-accent/10')}>
        <input type="checkbox" aria-label={`Featured: ${label}`} className="h-4 w-4 accent-brand" checked={draft.featured} onChange={(e) => set('featured', e.target.checked)} />
      </Td>
    </>
  );
}
