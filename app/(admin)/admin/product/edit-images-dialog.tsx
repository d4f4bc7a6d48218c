'use client';
/**
 * Edit Images (spec §2 Product Management): the product's images, remove any, add several files
 * (previewed from object URLs before upload), click one to see it large; Save Changes sends one
 * PUT /api/products/{id} multipart request — `existingImages` (ids kept, in order), `images`
 * (new files) and `imageMeta` ({sort_order, is_primary} per file) — with an upload progress bar.
 * An image that fails to load shows its address instead.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, uploadWithProgress } from '@/components/admin/admin-api';
import { AdminButton } from '@/components/admin/button';
import { ImageOrAddress } from '@/components/admin/image-or-address';
import { ErrorBanner } from '@/components/admin/status';
import type { AdminProduct, AdminProductImage } from './types';

const FAILED = 'Failed to update product images. Please try again.';
const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

type NewImage = { id: string; file: File; url: string };

export function EditImagesDialog({ product, onClose, onSaved }: { product: AdminProduct; onClose: () => void; onSaved: () => void | Promise<void> }) {
  const [kept, setKept] = useState<AdminProductImage[]>(() => [...(product.images ?? [])].sort((a, b) => a.sort_order - b.sort_order));
  const [added, setAdded] = useState<NewImage[]>([]);
  const [preview, setPreview] = useState<{ url: string; alt: string } | null>(null);
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

  function addFiles(list: FileList | null) {
    if (!list) return;
    const tooBig: string[] = [];
    const next: NewImage[] = [];
    for (const file of Array.from(list)) {
      if (file.size > MAX_BYTES) {
        tooBig.push(`“${file.name}” is larger than 5 MB. Only JPEG, PNG, WebP or AVIF images up to 5 MB are accepted.`);
        continue;
      }
      const url = URL.createObjectURL(file);
      urls.current.push(url);
      next.push({ id: `${file.name}-${file.size}-${file.lastModified}-${Math.random().toString(36).slice(2)}`, file, url });
    }
    setNotes(tooBig);
    setAdded((a) => [...a, ...next]);
    if (inputRef.current) inputRef.current.value = '';
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
    const form = new FormData();
    form.append('existingImages', JSON.stringify(kept.map((k) => k.image_id)));
    added.forEach((a) => form.append('images', a.file, a.file.name));
    form.append('imageMeta', JSON.stringify(added.map((_, i) => ({ sort_order: kept.length + i, is_primary: kept.length === 0 && i === 0 }))));
    setProgress(0);
    try {
      await uploadWithProgress('PUT', `/api/products/${product.product_id}`, form, setProgress);
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
    <Dialog.Root open onOpenChange={(open) => !open && !saving && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] w-[min(96vw,48rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-card bg-surface p-5 shadow-xl md:p-6"
          aria-describedby="edit-images-description"
        >
          <div>
            <Dialog.Title className="font-display text-xl text-ink">Edit Images</Dialog.Title>
            <p id="edit-images-description" className="mt-1 text-sm text-muted">
              {product.name} — click an image to see it large. JPEG, PNG, WebP or AVIF, up to 5 MB each.
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
                {kept.map((img, i) => (
                  <li key={img.image_id} className="relative" data-testid="existing-image">
                    <ImageOrAddress
                      src={img.image_url}
                      alt={`${product.name}, image ${i + 1}`}
                      className="aspect-square w-full rounded-md border border-line object-cover"
                      onClick={() => setPreview({ url: img.image_url, alt: `${product.name}, image ${i + 1}` })}
                    />
                    {img.image_id === mainId ? <span className="absolute left-1 top-1 rounded bg-brand px-1.5 py-0.5 text-[10px] font-medium text-white">Main</span> : null}
                    <AdminButton size="sm" variant="danger" className="mt-1 w-full" disabled={saving} onClick={() => setKept((k) => k.filter((x) => x.image_id !== img.image_id))}>
                      Remove
                    </AdminButton>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-label="New images">
            <div className="mb-2 flex items-center justify-between gap-3">
              <h3 className="text-sm font-semibold text-ink">New images</h3>
              <label className="cursor-pointer rounded-lg border border-line px-3 py-1.5 text-sm text-ink hover:bg-brand-soft">
                Add images
                <input ref={inputRef} type="file" multiple accept={ACCEPT} className="sr-only" disabled={saving} onChange={(e) => addFiles(e.target.files)} data-testid="image-file-input" />
              </label>
            </div>
            {added.length === 0 ? (
              <p className="text-sm text-muted">No new images chosen.</p>
            ) : (
              <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
                {added.map((a) => (
                  <li key={a.id} data-testid="new-image">
                    <ImageOrAddress src={a.url} alt={a.file.name} className="aspect-square w-full rounded-md border border-dashed border-brand object-cover" onClick={() => setPreview({ url: a.url, alt: a.file.name })} />
                    <p className="mt-1 truncate text-xs text-muted" title={a.file.name}>
                      {a.file.name}
                    </p>
                    <AdminButton size="sm" variant="ghost" className="w-full" disabled={saving} onClick={() => removeAdded(a.id)}>
                      Remove
                    </AdminButton>
                  </li>
                ))}
              </ul>
            )}
          </section>

          {progress !== null ? (
            <div>
              <div className="mb-1 flex justify-between text-xs text-muted">
                <span>{progress < 1 ? 'Uploading…' : 'Processing…'}</span>
                <span>{Math.round(progress * 100)}%</span>
              </div>
              <div
                role="progressbar"
                aria-label="Upload progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress * 100)}
                className="h-2 overflow-hidden rounded-full bg-line"
              >
                <div className="h-full bg-brand transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
              </div>
            </div>
          ) : null}

          <div className="flex justify-end gap-3 border-t border-line pt-4">
            <AdminButton onClick={onClose} disabled={saving}>
              Cancel
            </AdminButton>
            <AdminButton variant="primary" onClick={save} disabled={saving || !changed} aria-busy={saving}>
              {saving ? 'Saving…' : 'Save Changes'}
            </AdminButton>
          </div>

          <Dialog.Root open={preview !== null} onOpenChange={(open) => !open && setPreview(null)}>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
              <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[94vh] w-[min(96vw,64rem)] -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-3 rounded-card bg-surface p-4">
                <Dialog.Title className="self-start text-sm font-medium text-ink">{preview?.alt}</Dialog.Title>
                <Dialog.Description className="sr-only">A large preview of the image</Dialog.Description>
                {preview ? <ImageOrAddress src={preview.url} alt={preview.alt} className="max-h-[78vh] w-auto max-w-full object-contain" testId="image-preview" /> : null}
                <Dialog.Close asChild>
                  <AdminButton>Close preview</AdminButton>
                </Dialog.Close>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
