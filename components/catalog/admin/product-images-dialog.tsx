'use client';
/**
 * Edit Images (spec §2 Product Management): the product's images, remove any, add several files
 * (each decoded in the browser first: shown as a real thumbnail with its size in px; a file that is
 * not an image, or smaller than MIN_PRODUCT_IMAGE_PX on a side, is not added and the dialog says
 * why — the server checks the same by content, docs/back-office.md "Uploads"), click one to see it
 * large; Save Changes sends one
 * PUT /api/products/{id} multipart request — `existingImages` (ids kept, in order), `images`
 * (new files) and `imageMeta` ({sort_order, is_primary} per file) — with an upload progress bar.
 * An image that fails to load shows its address instead.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { AdminButton } from '@/components/ui/button';
import { ImageOrAddress } from '@/components/admin/image-or-address';
import { ErrorBanner } from '@/components/admin/status';
import { ApiError, api } from '@/lib/api/client';
import type { ProductImageJson, ProductJson } from '@/lib/catalog/types';
import { MIN_PRODUCT_IMAGE_PX } from '@/lib/catalog/admin/product-schema';
import { DialogActions, ProductDialog } from './product-dialog';
import { ImagePreview, UploadProgress, type Preview } from './product-image-parts';

const FAILED = 'Failed to update product images. Please try again.';
const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

type NewImage = { id: string; file: File; url: string; width: number; height: number };

/** Decodes the file at `url` in the browser: its size in px, or null when it is not a readable image. */
function measure(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => resolve(null);
    img.src = url;
  });
}

/** The multipart body of the save: the kept image ids in order, the new files and their order (the first new one is main when none is kept). */
function imagesForm(kept: ProductImageJson[], added: NewImage[]): FormData {
  const form = new FormData();
  form.append('existingImages', JSON.stringify(kept.map((k) => k.image_id)));
  added.forEach((a) => form.append('images', a.file, a.file.name));
  form.append('imageMeta', JSON.stringify(added.map((_, i) => ({ sort_order: kept.length + i, is_primary: kept.length === 0 && i === 0 }))));
  return form;
}

/** `onSaved` runs after the upload was stored and toasted (the table closes the dialog and reloads). */
export function ProductImagesDialog({ product, onClose, onSaved }: { product: ProductJson; onClose: () => void; onSaved: () => void | Promise<void> }) {
  const [kept, setKept] = useState<ProductImageJson[]>(() => [...(product.images ?? [])].sort((a, b) => a.sort_order - b.sort_order));
  const [added, setAdded] = useState<NewImage[]>([]);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [notes, setNotes] = useState<string[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  const urls = useRef<string[]>([]);

  // Object URLs are released when the dialog goes away.
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const saving = progress !== null;
  const removedCount = (product.images?.length ?? 0) - kept.length;
  const changed = added.length > 0 || removedCount > 0;
  const mainId = kept.find((k) => k.is_primary)?.image_id ?? kept[0]?.image_id;

  async function addFiles(list: FileList | null) {
    if (!list) return;
    const files = Array.from(list);
    if (inputRef.current) inputRef.current.value = '';
    const refused: string[] = [];
    const next: NewImage[] = [];
    for (const file of files) {
      if (file.size > MAX_BYTES) {
        refused.push(`“${file.name}” is larger than 5 MB. Only JPEG, PNG, WebP or AVIF images up to 5 MB are accepted.`);
        continue;
      }
      const url = URL.createObjectURL(file);
      const size = await measure(url);
      if (!size || size.width < MIN_PRODUCT_IMAGE_PX || size.height < MIN_PRODUCT_IMAGE_PX) {
        URL.revokeObjectURL(url);
        refused.push(
          size
            ? `“${file.name}” is ${size.width} × ${size.height} px. Product images must be at least ${MIN_PRODUCT_IMAGE_PX} × ${MIN_PRODUCT_IMAGE_PX} px.`
            : `“${file.name}” could not be read as an image. Only JPEG, PNG, WebP or AVIF images up to 5 MB are accepted.`,
        );
        continue;
      }
      urls.current.push(url);
      next.push({ id: `${file.name}-${file.size}-${file.lastModified}-${Math.random().toString(36).slice(2)}`, file, url, ...size });
    }
    setNotes(refused);
    setAdded((a) => [...a, ...next]);
  }

  function removeAdded(id: string) {
    setAdded((a) => {
      const gone = a.find((x) => x.id === id);
      if (gone) URL.revokeObjectURL(gone.url);
      return a.filter((x) => x.id !== id);
    });
  }

  async function save() {
    setErrors([]);
    setProgress(0);
    try {
      await api.catalog.updateProduct(product.product_id, imagesForm(kept, added), setProgress);
      toast.success('Images updated.');
      await onSaved();
    } catch (e) {
      console.error('[admin/product] images', e);
      const detail = e instanceof ApiError && e.status >= 400 && e.status < 500 ? [e.message] : [];
      setErrors([FAILED, ...detail]);
      setProgress(null);
    }
  }

  return (
    <ProductDialog width="w-[min(96vw,48rem)]" describedBy="edit-images-description" saving={saving} onClose={onClose}>
      <div>
        <Dialog.Title className="font-display text-xl text-ink">Edit Images</Dialog.Title>
        <p id="edit-images-description" className="mt-1 text-sm text-muted">
          {product.name} — click an image to see it large. JPEG, PNG, WebP or AVIF, at least {MIN_PRODUCT_IMAGE_PX} × {MIN_PRODUCT_IMAGE_PX} px, up to 5 MB each.
        </p>
      </div>

      <ErrorBanner messages={errors} />
      <ErrorBanner messages={notes} tone="warning" />

      <section aria-label="Current images">
        <h3 className="mb-2 text-sm font-semibold text-ink">Current images</h3>
        {kept.length === 0 ? (
          <p className="text-sm text-muted">{removedCount > 0 ? 'All current images will be removed.' : 'This product has no images yet.'}</p>
        ) : (
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
            {kept.map((img, i) => {
              const alt = `${product.name}, image ${i + 1}`;
              return (
                <li key={img.image_id} className="relative" data-testid="existing-image">
                  <ImageOrAddress src={img.image_url} alt={alt} className="aspect-square w-full rounded-md border border-line object-cover" onClick={() => setPreview({ url: img.image_url, alt })} />
                  {img.image_id === mainId ? <span className="absolute left-1 top-1 rounded bg-brand px-1.5 py-0.5 text-[10px] font-medium text-white">Main</span> : null}
                  <AdminButton size="sm" variant="danger" className="mt-1 w-full" disabled={saving} onClick={() => setKept((k) => k.filter((x) => x.image_id !== img.image_id))}>
                    Remove
                  </AdminButton>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-label="New images">
        <div className="mb-2 flex items-center justify-between gap-3">
          <h3 className="text-sm font-semibold text-ink">New images</h3>
          <label className="cursor-pointer rounded-lg border border-line px-3 py-1.5 text-sm text-ink hover:bg-brand-soft">
            Add images
            <input ref={inputRef} type="file" multiple accept={ACCEPT} className="sr-only" disabled={saving} onChange={(e) => void addFiles(e.target.files)} data-testid="image-file-input" />
          </label>
        </div>
        {added.length === 0 ? (
          <p className="text-sm text-muted">No new images chosen.</p>
        ) : (
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
            {added.map((a) => (
              <li key={a.id} data-testid="new-image">
                <button type="button" onClick={() => setPreview({ url: a.url, alt: a.file.name })} className="block w-full rounded-md focus-visible:outline-2" aria-label={`Preview ${a.file.name}`}>
                  {/* eslint-disable-next-line @next/next/no-img-element -- the chosen file itself, from its object URL, before upload */}
                  <img src={a.url} alt={a.file.name} className="aspect-square w-full rounded-md border border-dashed border-brand object-cover" />
                </button>
                <p className="mt-1 truncate text-xs text-muted" title={a.file.name}>
                  {a.file.name}
                </p>
                <p className="text-xs tabular-nums text-muted">
                  {a.width} × {a.height} px
                </p>
                <AdminButton size="sm" variant="ghost" className="w-full" disabled={saving} onClick={() => removeAdded(a.id)}>
                  Remove
                </AdminButton>
              </li>
            ))}
          </ul>
        )}
      </section>

      {progress !== null ? <UploadProgress progress={progress} /> : null}

      <DialogActions saving={saving} label="Save Changes" onCancel={onClose} save={{ onClick: save, disabled: !changed }} />

      <ImagePreview preview={preview} onClose={() => setPreview(null)} />
    </ProductDialog>
  );
}
