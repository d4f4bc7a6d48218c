'use client';
/**
 * Product Management (spec §2, §4 Admin product rows, §5, §8 Admin Products, §9 page size 18).
 *
 * Starts from the first page, the categories and the brands read on the server; later pages and
 * searches come from GET /api/products (use-product-list.ts). Name, price, SKU and stock are
 * edited in place (double-click; Enter or blur commits, Escape cancels); category, brand and
 * featured directly; description, material, colour, size, variant group, style, function, mobility,
 * dimensions and supplier in Edit Details; the
 * pictures in Edit Images. Edits are held here and marked until Save Changes
 * (use-product-drafts.ts). Delete asks first and reports whether the product was deleted or
 * archived (a product in past orders is archived). Export CSV and Import CSV: product-csv-actions.tsx.
 */
import clsx from 'clsx';
import { useState } from 'react';
import { AdminTable, EmptyRow, Th } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/ui/button';
import { Pager } from '@/components/admin/pager';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import type { FacetChoices } from '@/lib/catalog/admin/facet-choices';
import type { SupplierJson } from '@/lib/catalog/contracts';
import type { ProductJson } from '@/lib/catalog/types';
import type { ProductOptions } from './product-cells';
import { ProductCsvActions } from './product-csv-actions';
import { ProductDetailsDialog } from './product-details-dialog';
import { ProductImagesDialog } from './product-images-dialog';
import { NewProductRow, ProductRow } from './product-rows';
import { ProductSearch } from './product-search';
import { ADMIN_PAGE_SIZE } from './product-list-query';
import { useProductList, type ProductListPage } from './use-product-list';
import { useProductDrafts } from './use-product-drafts';
import { BulkEditBar, useBulkSelection } from './bulk-edit-bar';

const COLUMNS = ['Image', 'Name', 'Price', 'SKU', 'Stock', 'Category', 'Brand', 'Featured', 'Actions'];

/** What the server read for the first paint; null where a read failed (the page says which). */
export type ProductManagerInitial = {
  page: ProductListPage | null;
  categories: ProductOptions['categories'] | null;
  brands: ProductOptions['brands'] | null;
  /** The Supplier choices of Edit Details. */
  suppliers: Pick<SupplierJson, 'supplier_id' | 'name'>[] | null;
  /** The Style, Function and Mobility choices of Edit Details (null: the shop's vocabulary alone). */
  facetChoices: FacetChoices | null;
};

const OPTIONS_FAILED = {
  categories: 'Failed to fetch categories. Please try again later.',
  brands: 'Failed to fetch brands. Please try again later.',
  suppliers: 'Failed to fetch suppliers. Please try again later.',
} as const;

/** The first subcategory (else the first room) and the first brand: what a new row starts with. */
function newRowDefaults({ categories, brands }: Pick<ProductOptions, 'categories' | 'brands'>) {
  const room = categories.find((r) => r.subcategories?.length);
  return { category_id: room ? room.subcategories[0].category_id : (categories[0]?.category_id ?? null), brand_id: brands[0]?.brand_id ?? null };
}

/** `currency`: the store currency (ISO 4217) the price cells are shown in. */
export function ProductManager({ initial, currency }: { initial: ProductManagerInitial; currency: string }) {
  const list = useProductList(initial.page);
  const options: ProductOptions = { categories: initial.categories ?? [], brands: initial.brands ?? [], currency };
  const drafts = useProductDrafts({ newRowDefaults: () => newRowDefaults(options), onSaved: list.reload });
  const [imagesFor, setImagesFor] = useState<ProductJson | null>(null);
  const [detailsFor, setDetailsFor] = useState<ProductJson | null>(null);
  const bulk = useBulkSelection();

  const { data, loading, activeQuery } = list;
  const { pendingCount, saving } = drafts;
  const bannerMessages = [list.error, initial.categories ? null : OPTIONS_FAILED.categories, initial.brands ? null : OPTIONS_FAILED.brands, initial.suppliers ? null : OPTIONS_FAILED.suppliers].filter((m): m is string => Boolean(m));
  const offset = (data.currentPage - 1) * ADMIN_PAGE_SIZE;
  const pageIds = data.products.map((p) => p.product_id);
  const pageTicked = pageIds.length > 0 && pageIds.every((id) => bulk.isSelected(id));

  /** Closes a dialog after its save and shows the product as saved. */
  const closeAndReload = (close: (p: null) => void) => async () => {
    close(null);
    await list.reload();
  };

  return (
    <div>
      <AdminPageHeader
        title="Product Management"
        description="Double-click a name, price, SKU or stock to edit it. Changes are kept here until you save them."
        actions={
          <>
            <AdminButton onClick={drafts.addNewRow} disabled={saving}>
              Add New Product
            </AdminButton>
            <ProductCsvActions query={activeQuery} onApplied={list.reload} />
            {pendingCount > 0 ? (
              <AdminButton variant="ghost" onClick={drafts.discardAll} disabled={saving}>
                Discard changes
              </AdminButton>
            ) : null}
            <AdminButton variant="primary" onClick={drafts.saveChanges} disabled={saving || pendingCount === 0} aria-busy={saving}>
              {saving ? 'Saving…' : pendingCount > 0 ? `Save Changes (${pendingCount})` : 'Save Changes'}
            </AdminButton>
          </>
        }
      />

      <ErrorBanner messages={bannerMessages} className="mb-4" />
      {drafts.saveError ? <ErrorBanner messages={[drafts.saveError, 'The rows marked below were not saved; fix them and save again.']} className="mb-4" /> : null}

      <ProductSearch
        activeQuery={activeQuery}
        loading={loading}
        onSearch={(q) => {
          // A selection belongs to the search it was made in.
          bulk.clear();
          return list.search(q);
        }}
      />

      <BulkEditBar
        selection={bulk.selection}
        pageIds={pageIds}
        total={data.total ?? data.products.length}
        query={activeQuery}
        options={options}
        onSelectAllMatching={bulk.selectAllMatching}
        onSelectPage={() => bulk.togglePage(pageIds, true)}
        onClear={bulk.clear}
        onChanged={list.reload}
      />

      <AdminTable label="Products" stacked dense>
        <thead>
          <tr>
            <Th className="w-8">
              <input type="checkbox" className="size-4 accent-brand" checked={pageTicked} onChange={(e) => bulk.togglePage(pageIds, e.target.checked)} aria-label="Select every product on this page" />
            </Th>
            {/* The row number only where there is room: at 1280 px the ten columns and the actions must fit without scrolling. */}
            <Th className="w-10 max-2xl:hidden">#</Th>
            {COLUMNS.map((c) => (
              <Th key={c} className={c === 'Actions' ? 'w-28' : undefined}>
                {c}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody className={clsx(loading && 'opacity-60')}>
          {drafts.newRows.map((row) => (
            <NewProductRow
              key={row.key}
              row={row}
              errors={drafts.rowErrors[row.key] ?? {}}
              options={options}
              set={(f, v) => drafts.setNewField(row.key, f, v)}
              onDiscard={() => drafts.discardNewRow(row.key)}
            />
          ))}
          {data.products.length === 0 && drafts.newRows.length === 0 ? <EmptyRow colSpan={11}>{activeQuery ? 'No products match your search.' : 'No products yet.'}</EmptyRow> : null}
          {data.products.map((p, i) => (
            <ProductRow
              key={p.product_id}
              product={p}
              position={offset + i + 1}
              changes={drafts.edits[p.product_id] ?? {}}
              errors={drafts.rowErrors[String(p.product_id)] ?? {}}
              options={options}
              set={(f, v) => drafts.setEdit(p, f, v)}
              onEditImages={() => setImagesFor(p)}
              onEditDetails={() => setDetailsFor(p)}
              onDelete={() => list.deleteProduct(p).then(() => drafts.forget(p.product_id))}
              selected={bulk.isSelected(p.product_id)}
              onSelect={(on) => bulk.toggle(p.product_id, on)}
            />
          ))}
        </tbody>
      </AdminTable>

      <Pager page={data.currentPage} totalPages={data.totalPages} onPage={list.goToPage} disabled={loading} />

      {detailsFor ? <ProductDetailsDialog product={detailsFor} suppliers={initial.suppliers} facetChoices={initial.facetChoices} onClose={() => setDetailsFor(null)} onSaved={closeAndReload(setDetailsFor)} /> : null}
      {imagesFor ? <ProductImagesDialog product={imagesFor} onClose={() => setImagesFor(null)} onSaved={closeAndReload(setImagesFor)} /> : null}
    </div>
  );
}
