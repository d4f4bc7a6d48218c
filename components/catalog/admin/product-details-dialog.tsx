'use client';
/**
 * Edit Details (Product Management): a product's description, material, colour, size, variant
 * group (the texts the shop shows and the key that makes products of one model offer each other as
 * colour and size choices), and what the storefront filters on — style, function, mobility, width,
 * height and depth in whole cm — plus its supplier, its shipping class and assembly
 * fee. Style, function and mobility are chosen from lists (lib/catalog/admin/facet-choices.ts: the
 * shop's vocabulary and the values products already have), so a filter is never started twice in
 * another case; the server refuses a value on no list. Save sends one
 * PUT /api/products/{id} with JSON (an emptied field is cleared); a 400 shows the server's message.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { ErrorBanner } from '@/components/admin/status';
import { ProductImage } from '@/components/products/product-image';
import { api, errorMessage } from '@/lib/api/client';
import type { SupplierJson } from '@/lib/catalog/contracts';
import type { FacetChoices } from '@/lib/catalog/admin/facet-choices';
import { FUNCTIONS, MOBILITIES, STYLES } from '@/lib/catalog/read/facets';
import { productUpdateSchema } from '@/lib/catalog/admin/product-schema';
import type { ProductJson } from '@/lib/catalog/types';
import { DialogActions, ProductDialog } from './product-dialog';

const FAILED = 'Failed to save the product details. Please try again.';
const TEXT_FIELDS = [
  ['material', 'Material', 'e.g. Solid oak, fabric'],
  ['color', 'Colour', 'e.g. Dark grey or White/light grey'],
  ['size', 'Size', 'e.g. 140x200 cm'],
  ['variant_group', 'Variant group', 'e.g. kivik-3-seat-sofa'],
] as const;
/** The storefront's filters, each chosen from its list. */
const FACET_FIELDS = [
  ['style', 'Style'],
  ['function', 'Function'],
  ['mobility', 'Mobility'],
] as const;
/** The lists when the page could not read them: the shop's vocabulary. */
const VOCABULARY: FacetChoices = { style: [...STYLES], function: [...FUNCTIONS], mobility: [...MOBILITIES] };

/** A field's options: its list, plus the product's own value should the list not have it (so opening the dialog changes nothing). */
function optionsFor(list: string[], current: string | null | undefined): string[] {
  const own = current?.trim();
  return own && !list.some((v) => v.toLowerCase() === own.toLowerCase()) ? [...list, own] : list;
}
/** The list's spelling of the product's value, so the dropdown shows it selected. */
function listed(list: string[], current: string | null | undefined): string {
  const own = current?.trim() ?? '';
  return list.find((v) => v.toLowerCase() === own.toLowerCase()) ?? own;
}
/** How the piece travels (docs/delivery.md); new imports get parcel or bulky from their dimensions. */
const SHIPPING_CLASS_OPTIONS = [
  ['parcel', 'Parcel — courier or two-person'],
  ['bulky', 'Bulky — two-person delivery only'],
  ['collect_only', 'Collect only — click & collect'],
] as const;
const CM_FIELDS = [
  ['width_cm', 'Width (cm)'],
  ['height_cm', 'Height (cm)'],
  ['depth_cm', 'Depth (cm)'],
] as const;

/** The dialog's fields, checked by the same rules as PUT /api/products/{id} (productUpdateSchema). */
const detailsSchema = productUpdateSchema.pick({
  description: true,
  material: true,
  color: true,
  size: true,
  variant_group: true,
  style: true,
  function: true,
  mobility: true,
  width_cm: true,
  height_cm: true,
  depth_cm: true,
  supplier_id: true,
  shipping_class: true,
  assembly_fee: true,
});
/** What the fields hold (text), and what is sent: trimmed, an emptied field as null (cleared). */
type Details = z.input<typeof detailsSchema>;
type DetailsUpdate = z.output<typeof detailsSchema>;

const text = (v: string | null | undefined) => v ?? '';
const whole = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/**
 * `suppliers`: the choices of the Supplier dropdown (null when they could not be read: the
 * dropdown then keeps the product's supplier and says so). `facetChoices`: the Style, Function and
 * Mobility lists (null: the shop's vocabulary). `onSaved` runs after the save was
 * stored and toasted (the table closes the dialog and reloads).
 */
export function ProductDetailsDialog({
  product,
  suppliers,
  facetChoices,
  onClose,
  onSaved,
}: {
  product: ProductJson;
  suppliers: Pick<SupplierJson, 'supplier_id' | 'name'>[] | null;
  facetChoices?: FacetChoices | null;
  onClose: () => void;
  onSaved: () => void | Promise<void>;
}) {
  const lists = facetChoices ?? VOCABULARY;
  const options: FacetChoices = { style: optionsFor(lists.style, product.style), function: optionsFor(lists.function, product.function), mobility: optionsFor(lists.mobility, product.mobility) };
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting: saving },
  } = useForm<Details, unknown, DetailsUpdate>({
    resolver: zodResolver(detailsSchema),
    defaultValues: {
      description: text(product.description),
      material: text(product.material),
      color: text(product.color),
      size: text(product.size),
      variant_group: text(product.variant_group),
      style: listed(options.style, product.style),
      function: listed(options.function, product.function),
      mobility: listed(options.mobility, product.mobility),
      width_cm: whole(product.width_cm),
      height_cm: whole(product.height_cm),
      depth_cm: whole(product.depth_cm),
      supplier_id: whole(product.supplier_id),
      shipping_class: product.shipping_class,
      assembly_fee: String(product.assembly_fee),
    },
  });

  // The picture beside the title shows the colour being typed, as the shop will.
  const colour = useWatch({ control, name: 'color' });

  /** Sends the checked fields; the server applies the same rules again. */
  async function save(values: DetailsUpdate) {
    // Without the supplier list the dropdown cannot show the choice: leave the supplier unchanged.
    const body = suppliers ? values : { ...values, supplier_id: undefined };
    try {
      await api.catalog.updateProduct(product.product_id, body);
      toast.success('Product details saved');
      await onSaved();
    } catch (e) {
      console.error('[admin/product] details', e);
      setError('root.server', { message: errorMessage(e, FAILED) });
    }
  }

  return (
    <ProductDialog width="w-[min(96vw,44rem)]" describedBy="edit-details-description" saving={saving} onClose={onClose}>
      <div className="flex items-start gap-4">
        <ProductImage images={product.images} product={{ ...product, color: (typeof colour === 'string' && colour) || null }} className="h-20 w-24 shrink-0 rounded-md border border-line" />
        <div>
          <Dialog.Title className="font-display text-xl text-ink">Edit Details</Dialog.Title>
          <p id="edit-details-description" className="mt-1 text-sm text-muted">
            {product.name} ({product.sku}). Style, function, mobility and the measurements are what shoppers filter by. Products with the same variant group are offered as each other&apos;s colours and sizes.
          </p>
        </div>
      </div>
      <ErrorBanner messages={errors.root?.server?.message ? [errors.root.server.message] : []} />
      <form className="grid gap-3 sm:grid-cols-2" noValidate onSubmit={handleSubmit(save)}>
        <AdminField label="Description" className="sm:col-span-2" error={errors.description?.message}>
          <textarea {...register('description')} rows={3} maxLength={5000} className={adminInputClass} disabled={saving} />
        </AdminField>
        {TEXT_FIELDS.map(([key, label, placeholder]) => (
          <AdminField key={key} label={label} error={errors[key]?.message}>
            <input {...register(key)} placeholder={placeholder} maxLength={200} className={adminInputClass} disabled={saving} />
          </AdminField>
        ))}
        {FACET_FIELDS.map(([key, label]) => (
          <AdminField key={key} label={label} error={errors[key]?.message}>
            <select {...register(key)} className={adminInputClass} disabled={saving}>
              <option value="">Not set</option>
              {options[key].map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </AdminField>
        ))}
        <AdminField label="Supplier" error={errors.supplier_id?.message}>
          <select {...register('supplier_id')} className={adminInputClass} disabled={saving || !suppliers}>
            <option value="">No supplier</option>
            {(suppliers ?? []).map((s) => (
              <option key={s.supplier_id} value={String(s.supplier_id)}>
                {s.name}
              </option>
            ))}
            {!suppliers && product.supplier_id ? <option value={String(product.supplier_id)}>Supplier #{product.supplier_id}</option> : null}
          </select>
        </AdminField>
        <AdminField label="Shipping class" error={errors.shipping_class?.message}>
          <select {...register('shipping_class')} className={adminInputClass} disabled={saving}>
            {SHIPPING_CLASS_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </AdminField>
        <AdminField label="Assembly fee ($ per item)" error={errors.assembly_fee?.message}>
          <input {...register('assembly_fee')} type="number" min={0} max={10000} step="0.01" inputMode="decimal" className={adminInputClass} disabled={saving} />
        </AdminField>
        <div className="grid grid-cols-3 gap-3 sm:col-span-2">
          {CM_FIELDS.map(([key, label]) => (
            <AdminField key={key} label={label} error={errors[key]?.message}>
              <input {...register(key)} type="number" min={0} max={10000} step={1} inputMode="numeric" className={adminInputClass} disabled={saving} />
            </AdminField>
          ))}
        </div>
        <DialogActions saving={saving} label="Save Details" onCancel={onClose} className="sm:col-span-2" save={{ type: 'submit' }} />
      </form>
    </ProductDialog>
  );
}
