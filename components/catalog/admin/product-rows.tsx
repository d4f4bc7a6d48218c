'use client';
/**
 * The rows of the Product Management table: a saved product (its picture opens Edit Images; Edit
 * Images, Edit Details and Delete beside it) and a new, unsaved one (Discard). Each row carries
 * data-row-id and the test id product-row-{id | new…}.
 */
import clsx from 'clsx';
import { Td, Tr } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/ui/button';
import { ProductImage } from '@/components/products/product-image';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { ProductJson } from '@/lib/catalog/types';
import { ProductCells, type ProductOptions } from './product-cells';
import { toDraft, type DraftField, type RowDraft, type RowErrors } from './product-draft';
import type { NewRow } from './use-product-drafts';

const EVERY_FIELD_NEW: Record<DraftField, boolean> = { name: true, price: true, sku: true, stock: true, category_id: true, brand_id: true, featured: true };

type SetField = (field: DraftField, value: RowDraft[DraftField]) => void;

/**
 * The row's actions with, under them, the message of a save that failed for the row as a whole.
 * From md up they stack in one narrow column (the table fits 1280 px without scrolling sideways);
 * on phones they sit in a row under the card.
 */
function ActionsCell({ error, children }: { error?: string; children: React.ReactNode }) {
  return (
    <Td className="max-md:col-span-2">
      <div className="flex flex-wrap items-center gap-1.5 md:w-28 md:flex-col md:flex-nowrap md:items-stretch [&_button]:whitespace-nowrap">
        {children}
        {error ? (
          <p role="alert" className="text-xs text-danger md:max-w-28 max-md:max-w-[14rem]">
            {error}
          </p>
        ) : null}
      </div>
    </Td>
  );
}

/** A row added with Add New Product and not saved yet: every field counts as a change. */
export function NewProductRow({ row, errors, options, set, onDiscard }: { row: NewRow; errors: RowErrors; options: ProductOptions; set: SetField; onDiscard: () => void }) {
  return (
    <Tr data-testid={`product-row-${row.key}`} data-row-id={row.key} className="bg-brand-soft/40">
      <Td className="max-md:hidden" />
      <Td className="text-xs font-medium uppercase text-brand max-2xl:hidden">New</Td>
      <Td data-label="Image">
        <span className="text-xs text-muted">Add images after saving</span>
      </Td>
      <ProductCells rowKey={row.key} label="new product" draft={row.draft} modified={EVERY_FIELD_NEW} errors={errors} options={options} set={set} />
      <ActionsCell error={errors.row}>
        <AdminButton size="sm" variant="ghost" onClick={onDiscard}>
          Discard
        </AdminButton>
      </ActionsCell>
    </Tr>
  );
}

/**
 * A saved product, numbered `position` in the whole list, with its pending `changes` laid over
 * its saved values.
 */
export function ProductRow({
  product,
  position,
  changes,
  errors,
  options,
  set,
  onEditImages,
  onEditDetails,
  onDelete,
  selected,
  onSelect,
}: {
  product: ProductJson;
  /** Ticked for a bulk edit (docs/back-office.md "Bulk edit"). */
  selected: boolean;
  onSelect: (on: boolean) => void;
  position: number;
  changes: Partial<RowDraft>;
  errors: RowErrors;
  options: ProductOptions;
  set: SetField;
  onEditImages: () => void;
  onEditDetails: () => void;
  onDelete: () => Promise<void>;
}) {
  const modified = Object.fromEntries(Object.keys(changes).map((k) => [k, true])) as Partial<Record<DraftField, boolean>>;
  return (
    <Tr data-testid={`product-row-${product.product_id}`} data-row-id={product.product_id} className={clsx(Object.keys(changes).length > 0 && 'bg-accent/5')}>
      <Td className="w-8 max-md:col-span-2">
        <input type="checkbox" className="size-4 accent-brand" checked={selected} onChange={(e) => onSelect(e.target.checked)} aria-label={`Select ${product.name}`} />
      </Td>
      <Td className="text-muted max-2xl:hidden">{position}</Td>
      <Td data-label="Image" className="max-md:col-span-2">
        <button type="button" onClick={onEditImages} className="block h-10 w-12 overflow-hidden rounded-md border border-line" aria-label={`Edit images of ${product.name}`}>
          <ProductImage images={product.images} product={product} className="size-full" />
        </button>
      </Td>
      <ProductCells rowKey={String(product.product_id)} label={product.name} draft={{ ...toDraft(product), ...changes }} modified={modified} errors={errors} options={options} set={set} />
      <ActionsCell error={errors.row}>
        <AdminButton size="sm" onClick={onEditImages}>
          Edit Images
        </AdminButton>
        <AdminButton size="sm" onClick={onEditDetails} aria-label={`Edit details of ${product.name}`}>
          Edit Details
        </AdminButton>
        <ConfirmDialog
          trigger={
            <AdminButton size="sm" variant="danger">
              Delete
            </AdminButton>
          }
          title={`Delete “${product.name}”?`}
          description="Are you sure you want to delete this product?"
          confirmLabel="Delete"
          onConfirm={onDelete}
        />
      </ActionsCell>
    </Tr>
  );
}
