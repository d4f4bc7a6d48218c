'use client';
/**
 * Product Management (spec §2, §4 Admin product rows, §5, §8 Admin Products, §9 page size 18).
 *
 * Loads GET /api/products?page=&limit=18&include_images=true, GET /api/categories and
 * GET /api/brands. Name, price, SKU and stock are edited in place (double-click; Enter or blur
 * commits, Escape cancels); category, brand and featured directly; description, material, colour,
 * size and variant group in Edit Details. The picture is the one the shop shows (ProductImage). Edits are held locally and
 * marked until Save Changes, which creates each new row (POST /api/products) and updates each
 * modified one (PUT /api/products/{id}) — one multipart request each — then reloads. Rows that
 * fail keep their edits and show why. Delete asks first and reports whether the product was
 * deleted or archived (a product in past orders is archived).
 */
import clsx from 'clsx';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { ApiError, apiFetch, errorMessage } from '@/components/admin/admin-api';
import { AdminButton } from '@/components/admin/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InlineEditCell } from '@/components/admin/inline-edit-cell';
import { Pager } from '@/components/admin/pager';
import { AdminPageHeader, ErrorBanner, LoadingState } from '@/components/admin/status';
import { formatMoney } from '@/lib/money';
import { productCreateSchema, productUpdateSchema } from '@/lib/catalog/product-schema';
import { ProductImage } from '@/components/products/product-image';
import { EditDetailsDialog } from './edit-details-dialog';
import { EditImagesDialog } from './edit-images-dialog';
import type { AdminProduct, BrandOption, CategoryJson, DraftField, ProductPageJson, RowDraft, RowErrors } from './types';

export const ADMIN_PAGE_SIZE = 18;

const MESSAGES = {
  products: 'Failed to fetch products. Please try again later.',
  categories: 'Failed to fetch categories. Please try again later.',
  brands: 'Failed to fetch brands. Please try again later.',
  save: 'Failed to save changes. Please try again.',
  delete: 'Failed to delete product. Please try again.',
} as const;

type NewRow = { key: string; draft: RowDraft };

const toDraft = (p: AdminProduct): RowDraft => ({
  name: p.name,
  price: Number.isFinite(Number(p.price)) ? Number(p.price).toFixed(2) : String(p.price),
  sku: p.sku,
  stock: String(p.stock),
  category_id: p.category_id,
  brand_id: p.brand_id,
  featured: p.featured,
});

/** Whether an edited value means the same as the original (1299.5 vs "1299.50"). */
function sameValue(field: DraftField, a: RowDraft[DraftField], b: RowDraft[DraftField]): boolean {
  if (field === 'price' || field === 'stock') {
    const x = String(a).trim();
    const y = String(b).trim();
    return x === y || (x !== '' && y !== '' && Number(x) === Number(y));
  }
  if (field === 'name' || field === 'sku') return String(a).trim() === String(b).trim();
  return a === b;
}

const prettyName = (name: string) => name.replace(/_/g, ' ');

/** Field errors from a zod result or a server `errors` list, by field. */
function fieldErrors(issues: { path: PropertyKey[] | string; message: string }[]): RowErrors {
  const out: RowErrors = {};
  for (const i of issues) {
    const key = (Array.isArray(i.path) ? String(i.path[0] ?? '') : String(i.path).split('.')[0]) as DraftField;
    const field: DraftField | 'row' = ['name', 'price', 'sku', 'stock', 'category_id', 'brand_id', 'featured'].includes(key) ? key : 'row';
    out[field] ??= i.message;
  }
  return out;
}

function serverErrors(e: unknown): RowErrors {
  if (e instanceof ApiError && e.status >= 400 && e.status < 500) {
    const body = e.body as { errors?: { path: string; message: string }[]; field?: string } | undefined;
    if (body?.errors?.length) return fieldErrors(body.errors);
    if (body?.field && ['name', 'price', 'sku', 'stock', 'category_id', 'brand_id'].includes(body.field)) return { [body.field]: e.message };
    return { row: e.message };
  }
  return { row: errorMessage(e, MESSAGES.save) };
}

function formOf(values: Partial<RowDraft>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v === null || v === undefined ? '' : String(v));
  return form;
}

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

/** `currency`: the store currency (ISO 4217) the price cells are shown in. */
export function ProductManager({ currency }: { currency: string }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ProductPageJson | null>(null);
  const [categories, setCategories] = useState<CategoryJson[] | null>(null);
  const [brands, setBrands] = useState<BrandOption[] | null>(null);
  const [loadErrors, setLoadErrors] = useState<Partial<Record<'products' | 'categories' | 'brands', string>>>({});
  const [loadingPage, setLoadingPage] = useState(false);
  const [query, setQuery] = useState('');
  const [activeQuery, setActiveQuery] = useState('');

  /** Pending edits of saved products, by product id: only the changed fields. */
  const [edits, setEdits] = useState<Record<number, Partial<RowDraft>>>({});
  const [newRows, setNewRows] = useState<NewRow[]>([]);
  const [rowErrors, setRowErrors] = useState<Record<string, RowErrors>>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [imagesFor, setImagesFor] = useState<AdminProduct | null>(null);
  const [detailsFor, setDetailsFor] = useState<AdminProduct | null>(null);
  const newCounter = useRef(0);

  const loadProducts = useCallback(async (p: number, q: string) => {
    setLoadingPage(true);
    try {
      const params = new URLSearchParams({ page: String(p), limit: String(ADMIN_PAGE_SIZE), include_images: 'true', sort: 'newest' });
      if (q) params.set('q', q);
      const json = await apiFetch<ProductPageJson>(`/api/products?${params}`);
      setData({ products: json.products ?? [], currentPage: json.currentPage ?? p, totalPages: Math.max(1, json.totalPages ?? 1) });
      setLoadErrors((e) => ({ ...e, products: undefined }));
    } catch (e) {
      console.error('[admin/product] products', e);
      setLoadErrors((x) => ({ ...x, products: MESSAGES.products }));
      setData((d) => d ?? { products: [], currentPage: 1, totalPages: 1 });
    } finally {
      setLoadingPage(false);
    }
  }, []);

  useEffect(() => {
    apiFetch<CategoryJson[]>('/api/categories')
      .then((c) => setCategories(Array.isArray(c) ? c : []))
      .catch((e) => {
        console.error('[admin/product] categories', e);
        setLoadErrors((x) => ({ ...x, categories: MESSAGES.categories }));
        setCategories([]);
      });
    apiFetch<BrandOption[]>('/api/brands')
      .then((b) => setBrands(Array.isArray(b) ? b : []))
      .catch((e) => {
        console.error('[admin/product] brands', e);
        setLoadErrors((x) => ({ ...x, brands: MESSAGES.brands }));
        setBrands([]);
      });
  }, []);

  useEffect(() => {
    // Fetching on page or search change; the state updates happen when the request settles.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void loadProducts(page, activeQuery);
  }, [page, activeQuery, loadProducts]);

  const firstSubcategory = useMemo(() => {
    for (const room of categories ?? []) {
      if (room.subcategories?.length) return room.subcategories[0].category_id;
    }
    return categories?.[0]?.category_id ?? null;
  }, [categories]);

  const knownCategoryIds = useMemo(() => {
    const ids = new Set<number>();
    for (const room of categories ?? []) {
      ids.add(room.category_id);
      for (const s of room.subcategories ?? []) ids.add(s.category_id);
    }
    return ids;
  }, [categories]);

  const pendingCount = newRows.length + Object.keys(edits).length;

  // Unsaved edits are only in this page: warn before the browser leaves it.
  useEffect(() => {
    if (pendingCount === 0) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pendingCount]);

  function setEdit(product: AdminProduct, field: DraftField, value: RowDraft[DraftField]) {
    const original = toDraft(product);
    setEdits((all) => {
      const current = { ...(all[product.product_id] ?? {}) };
      if (sameValue(field, value, original[field])) delete current[field];
      else (current as Record<string, unknown>)[field] = value;
      const next = { ...all };
      if (Object.keys(current).length) next[product.product_id] = current;
      else delete next[product.product_id];
      return next;
    });
    setRowErrors((e) => {
      const row = e[String(product.product_id)];
      if (!row) return e;
      return { ...e, [String(product.product_id)]: { ...row, [field]: undefined, row: undefined } };
    });
  }

  function setNewField(key: string, field: DraftField, value: RowDraft[DraftField]) {
    setNewRows((rows) => rows.map((r) => (r.key === key ? { ...r, draft: { ...r.draft, [field]: value } } : r)));
    setRowErrors((e) => (e[key] ? { ...e, [key]: { ...e[key], [field]: undefined, row: undefined } } : e));
  }

  function addNewRow() {
    const key = newCounter.current === 0 ? 'new' : `new-${newCounter.current}`;
    newCounter.current += 1;
    const draft: RowDraft = { name: '', price: '0', sku: '', stock: '0', category_id: firstSubcategory, brand_id: brands?.[0]?.brand_id ?? null, featured: false };
    setNewRows((rows) => [{ key, draft }, ...rows]);
  }

  function discardNewRow(key: string) {
    setNewRows((rows) => rows.filter((r) => r.key !== key));
    setRowErrors((e) => {
      const next = { ...e };
      delete next[key];
      return next;
    });
  }

  function discardAll() {
    setEdits({});
    setNewRows([]);
    setRowErrors({});
    setSaveError(null);
  }

  async function saveChanges() {
    setSaving(true);
    setSaveError(null);
    const errors: Record<string, RowErrors> = {};
    const keptNew: NewRow[] = [];
    const keptEdits: Record<number, Partial<RowDraft>> = {};
    let saved = 0;

    // New rows first (oldest first, so they list in the order they were added).
    for (const row of [...newRows].reverse()) {
      const parsed = productCreateSchema.safeParse(row.draft);
      if (!parsed.success) {
        errors[row.key] = fieldErrors(parsed.error.issues);
        keptNew.unshift(row);
        continue;
      }
      try {
        await apiFetch('/api/products', { method: 'POST', body: formOf(row.draft) });
        saved++;
      } catch (e) {
        errors[row.key] = serverErrors(e);
        keptNew.unshift(row);
      }
    }

    for (const [id, changes] of Object.entries(edits)) {
      const parsed = productUpdateSchema.safeParse(changes);
      if (!parsed.success) {
        errors[id] = fieldErrors(parsed.error.issues);
        keptEdits[Number(id)] = changes;
        continue;
      }
      try {
        await apiFetch(`/api/products/${id}`, { method: 'PUT', body: formOf(changes) });
        saved++;
      } catch (e) {
        errors[id] = serverErrors(e);
        keptEdits[Number(id)] = changes;
      }
    }

    setNewRows(keptNew);
    setEdits(keptEdits);
    setRowErrors(errors);
    setSaving(false);
    const failed = Object.keys(errors).length;
    if (failed) {
      setSaveError(MESSAGES.save);
      if (saved) toast.success(`${saved} ${saved === 1 ? 'change' : 'changes'} saved; ${failed} ${failed === 1 ? 'row needs' : 'rows need'} attention.`);
    } else if (saved) {
      toast.success(saved === 1 ? 'Change saved.' : `${saved} changes saved.`);
    }
    if (saved) await loadProducts(page, activeQuery);
  }

  async function deleteProduct(product: AdminProduct) {
    try {
      const result = await apiFetch<{ archived: boolean; message: string }>(`/api/products/${product.product_id}`, { method: 'DELETE' });
      toast.success(result.archived ? `“${product.name}” was archived: it appears in past orders, so it is hidden from the shop and kept for order history.` : `“${product.name}” was deleted.`);
      setEdits((all) => {
        const next = { ...all };
        delete next[product.product_id];
        return next;
      });
      await loadProducts(page, activeQuery);
    } catch (e) {
      console.error('[admin/product] delete', e);
      toast.error(e instanceof ApiError && e.status === 404 ? 'That product no longer exists.' : MESSAGES.delete);
      if (e instanceof ApiError && e.status === 404) await loadProducts(page, activeQuery);
      else throw e;
    }
  }

  const ready = data !== null && categories !== null && brands !== null;
  const bannerMessages = [loadErrors.products, loadErrors.categories, loadErrors.brands].filter((m): m is string => Boolean(m));

  if (!ready) {
    return (
      <div>
        <AdminPageHeader title="Product Management" />
        <LoadingState />
      </div>
    );
  }

  /** The four inline-edited cells plus category, brand and featured for one row. */
  const editableCells = (
    rowKey: string,
    label: string,
    draft: RowDraft,
    modified: Partial<Record<DraftField, boolean>>,
    errors: RowErrors,
    set: (field: DraftField, value: RowDraft[DraftField]) => void,
  ) => (
    <>
      <Td data-label="Name" className="min-w-[9rem] max-md:col-span-2">
        <InlineEditCell label={`Name of ${label}`} testId={`name-${rowKey}`} value={draft.name} placeholder="Name" modified={modified.name} error={errors.name} onCommit={(v) => set('name', v)} />
      </Td>
      <Td data-label="Price" className="min-w-[6rem]">
        <InlineEditCell
          label={`Price of ${label}`}
          testId={`price-${rowKey}`}
          value={draft.price}
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          modified={modified.price}
          error={errors.price}
          display={(v) => (Number.isFinite(Number(v)) && v.trim() !== '' ? formatMoney(Number(v), currency) : v)}
          onCommit={(v) => set('price', v)}
        />
      </Td>
      <Td data-label="SKU" className="min-w-[7rem]">
        <InlineEditCell label={`SKU of ${label}`} testId={`sku-${rowKey}`} value={draft.sku} placeholder="SKU" modified={modified.sku} error={errors.sku} onCommit={(v) => set('sku', v)} />
      </Td>
      <Td data-label="Stock" className="min-w-[4rem]">
        <InlineEditCell
          label={`Stock of ${label}`}
          testId={`stock-${rowKey}`}
          value={draft.stock}
          type="number"
          step="1"
          min="0"
          inputMode="numeric"
          modified={modified.stock}
          error={errors.stock}
          onCommit={(v) => set('stock', v)}
        />
      </Td>
      <Td data-label="Category" className={clsx(modified.category_id && 'bg-accent/10')}>
        <RowSelect value={draft.category_id} onChange={(v) => set('category_id', v)} label={`Category of ${label}`} error={errors.category_id} width="min-w-[8rem] max-w-[10rem]">
          <option value="">No category</option>
          {draft.category_id !== null && !knownCategoryIds.has(draft.category_id) ? <option value={draft.category_id}>Category #{draft.category_id}</option> : null}
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
        </RowSelect>
      </Td>
      <Td data-label="Brand" className={clsx(modified.brand_id && 'bg-accent/10')}>
        <RowSelect value={draft.brand_id} onChange={(v) => set('brand_id', v)} label={`Brand of ${label}`} error={errors.brand_id} width="min-w-[6rem] max-w-[8rem]">
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

  const products = data.products;
  const offset = (data.currentPage - 1) * ADMIN_PAGE_SIZE;

  return (
    <div>
      <AdminPageHeader
        title="Product Management"
        description="Double-click a name, price, SKU or stock to edit it. Changes are kept here until you save them."
        actions={
          <>
            <AdminButton onClick={addNewRow} disabled={saving}>
              Add New Product
            </AdminButton>
            {pendingCount > 0 ? (
              <AdminButton variant="ghost" onClick={discardAll} disabled={saving}>
                Discard changes
              </AdminButton>
            ) : null}
            <AdminButton variant="primary" onClick={saveChanges} disabled={saving || pendingCount === 0} aria-busy={saving}>
              {saving ? 'Saving…' : pendingCount > 0 ? `Save Changes (${pendingCount})` : 'Save Changes'}
            </AdminButton>
          </>
        }
      />

      <ErrorBanner messages={bannerMessages} className="mb-4" />
      {saveError ? <ErrorBanner messages={[saveError, 'The rows marked below were not saved; fix them and save again.']} className="mb-4" /> : null}

      <form
        role="search"
        className="mb-4 flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setActiveQuery(query.trim());
        }}
      >
        <label htmlFor="product-search" className="sr-only">
          Find a product by name or SKU
        </label>
        <input
          id="product-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Find by name or SKU"
          className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 text-sm sm:max-w-xs"
        />
        <AdminButton type="submit">Search</AdminButton>
        {activeQuery ? (
          <AdminButton
            variant="ghost"
            onClick={() => {
              setQuery('');
              setActiveQuery('');
              setPage(1);
            }}
          >
            Clear Search
          </AdminButton>
        ) : null}
        {loadingPage ? (
          <span role="status" className="text-sm text-muted">
            Loading…
          </span>
        ) : null}
      </form>

      <AdminTable label="Products" stacked dense>
        <thead>
          <tr>
            <Th className="w-10">#</Th>
            <Th>Image</Th>
            <Th>Name</Th>
            <Th>Price</Th>
            <Th>SKU</Th>
            <Th>Stock</Th>
            <Th>Category</Th>
            <Th>Brand</Th>
            <Th>Featured</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody className={clsx(loadingPage && 'opacity-60')}>
          {newRows.map((row) => {
            const errors = rowErrors[row.key] ?? {};
            const all = { name: true, price: true, sku: true, stock: true, category_id: true, brand_id: true, featured: true };
            return (
              <Tr key={row.key} data-testid={`product-row-${row.key}`} data-row-id={row.key} className="bg-brand-soft/40">
                <Td className="text-xs font-medium uppercase text-brand">New</Td>
                <Td data-label="Image">
                  <span className="text-xs text-muted">Add images after saving</span>
                </Td>
                {editableCells(row.key, 'new product', row.draft, all, errors, (f, v) => setNewField(row.key, f, v))}
                <Td className="max-md:col-span-2">
                  <div className="flex flex-wrap items-center gap-1.5">
                    <AdminButton size="sm" variant="ghost" onClick={() => discardNewRow(row.key)}>
                      Discard
                    </AdminButton>
                    {errors.row ? (
                      <p role="alert" className="max-w-[14rem] text-xs text-danger">
                        {errors.row}
                      </p>
                    ) : null}
                  </div>
                </Td>
              </Tr>
            );
          })}
          {products.length === 0 && newRows.length === 0 ? <EmptyRow colSpan={10}>{activeQuery ? 'No products match your search.' : 'No products yet.'}</EmptyRow> : null}
          {products.map((p, i) => {
            const changes = edits[p.product_id] ?? {};
            const draft = { ...toDraft(p), ...changes };
            const modified = Object.fromEntries(Object.keys(changes).map((k) => [k, true])) as Partial<Record<DraftField, boolean>>;
            const errors = rowErrors[String(p.product_id)] ?? {};
            return (
              <Tr key={p.product_id} data-testid={`product-row-${p.product_id}`} data-row-id={p.product_id} className={clsx(Object.keys(changes).length > 0 && 'bg-accent/5')}>
                <Td className="text-muted max-md:hidden">{offset + i + 1}</Td>
                <Td data-label="Image" className="max-md:col-span-2">
                  <button
                    type="button"
                    onClick={() => setImagesFor(p)}
                    className="block h-10 w-12 overflow-hidden rounded-md border border-line"
                    aria-label={`Edit images of ${p.name}`}
                  >
                    <ProductImage images={p.images} product={p} className="size-full" />
                  </button>
                </Td>
                {editableCells(String(p.product_id), p.name, draft, modified, errors, (f, v) => setEdit(p, f, v))}
                <Td className="max-md:col-span-2">
                  <div className="flex flex-wrap items-center gap-1.5">
                    <AdminButton size="sm" onClick={() => setImagesFor(p)}>
                      Edit Images
                    </AdminButton>
                    <AdminButton size="sm" onClick={() => setDetailsFor(p)} aria-label={`Edit details of ${p.name}`}>
                      Edit Details
                    </AdminButton>
                    <ConfirmDialog
                      trigger={
                        <AdminButton size="sm" variant="danger">
                          Delete
                        </AdminButton>
                      }
                      title={`Delete “${p.name}”?`}
                      description="Are you sure you want to delete this product?"
                      confirmLabel="Delete"
                      onConfirm={() => deleteProduct(p)}
                    />
                    {errors.row ? (
                      <p role="alert" className="max-w-[14rem] text-xs text-danger">
                        {errors.row}
                      </p>
                    ) : null}
                  </div>
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </AdminTable>

      <Pager page={data.currentPage} totalPages={data.totalPages} onPage={(p) => setPage(Math.min(Math.max(1, p), data.totalPages))} disabled={loadingPage} />

      {detailsFor ? (
        <EditDetailsDialog
          product={detailsFor}
          onClose={() => setDetailsFor(null)}
          onSaved={async () => {
            setDetailsFor(null);
            await loadProducts(page, activeQuery);
          }}
        />
      ) : null}
      {imagesFor ? (
        <EditImagesDialog
          product={imagesFor}
          onClose={() => setImagesFor(null)}
          onSaved={async () => {
            setImagesFor(null);
            await loadProducts(page, activeQuery);
          }}
        />
      ) : null}
    </div>
  );
}
