'use client';
/**
 * Edit Details (Product Management): a product's description, material, colour, size and variant
 * group — the texts the shop shows on the product page and its card, and the key that makes
 * products of one model offer each other as colour and size choices. Save sends one
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
import { productUpdateSchema } from '@/lib/catalog/product-schema';
import type { ProductJson } from '@/lib/catalog/types';
import { DialogActions, ProductDialog } from './product-dialog';

const FAILED = 'Failed to save the product details. Please try again.';
const FIELDS = [
  ['material', 'Material', 'e.g. Solid oak, fabric'],
  ['color', 'Colour', 'e.g. Dark grey or White/light grey'],
  ['size', 'Size', 'e.g. 140x200 cm'],
  ['variant_group', 'Variant group', 'e.g. kivik-3-seat-sofa'],
] as const;

/** The dialog's fields, checked by the same rules as PUT /api/products/{id} (productUpdateSchema). */
const detailsSchema = productUpdateSchema.pick({ description: true, material: true, color: true, size: true, variant_group: true });
/** What the fields hold (text), and what is sent: trimmed, an emptied field as null (cleared). */
type Details = z.input<typeof detailsSchema>;
type DetailsUpdate = z.output<typeof detailsSchema>;

/** `onSaved` runs after the save was stored and toasted (the table closes the dialog and reloads). */
export function ProductDetailsDialog({ product, onClose, onSaved }: { product: ProductJson; onClose: () => void; onSaved: () => void | Promise<void> }) {
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting: saving },
  } = useForm<Details, unknown, DetailsUpdate>({
    resolver: zodResolver(detailsSchema),
    defaultValues: {
      description: product.description ?? '',
      material: product.material ?? '',
      color: product.color ?? '',
      size: product.size ?? '',
      variant_group: product.variant_group ?? '',
    },
  });

  // The picture beside the title shows the colour being typed, as the shop will.
  const colour = useWatch({ control, name: 'color' });

  /** Sends the checked fields; the server applies the same rules again. */
  async function save(values: DetailsUpdate) {
    try {
      await api.catalog.updateProduct(product.product_id, values);
      toast.success('Product details saved');
      await onSaved();
    } catch (e) {
      console.error('[admin/product] details', e);
      setError('root.server', { message: errorMessage(e, FAILED) });
    }
  }

  return (
    <ProductDialog width="w-[min(96vw,40rem)]" describedBy="edit-details-description" saving={saving} onClose={onClose}>
      <div className="flex items-start gap-4">
        <ProductImage images={product.images} product={{ ...product, color: colour || null }} className="h-20 w-24 shrink-0 rounded-md border border-line" />
        <div>
          <Dialog.Title className="font-display text-xl text-ink">Edit Details</Dialog.Title>
          <p id="edit-details-description" className="mt-1 text-sm text-muted">
            {product.name} ({product.sku}). Products with the same variant group are offered as each other&apos;s colours and sizes.
          </p>
        </div>
      </div>
      <ErrorBanner messages={errors.root?.server?.message ? [errors.root.server.message] : []} />
      <form className="grid gap-3 sm:grid-cols-2" noValidate onSubmit={handleSubmit(save)}>
        <AdminField label="Description" className="sm:col-span-2" error={errors.description?.message}>
          <textarea {...register('description')} rows={4} maxLength={5000} className={adminInputClass} disabled={saving} />
        </AdminField>
        {FIELDS.map(([key, label, placeholder]) => (
          <AdminField key={key} label={label} error={errors[key]?.message}>
            <input {...register(key)} placeholder={placeholder} maxLength={200} className={adminInputClass} disabled={saving} />
          </AdminField>
        ))}
        <DialogActions saving={saving} label="Save Details" onCancel={onClose} className="sm:col-span-2" save={{ type: 'submit' }} />
      </form>
    </ProductDialog>
  );
}
