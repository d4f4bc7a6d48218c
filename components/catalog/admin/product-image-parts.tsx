'use client';
/** Parts of Edit Images: the upload progress bar and the large preview of one image. */
import * as Dialog from '@radix-ui/react-dialog';
import { AdminButton } from '@/components/ui/button';
import { ImageOrAddress } from '@/components/admin/image-or-address';

/** `progress` 0…1 of the upload; at 1 the server is still storing the images ("Processing…"). */
export function UploadProgress({ progress }: { progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div>
      <div className="mb-1 flex justify-between text-xs text-muted">
        <span>{progress < 1 ? 'Uploading…' : 'Processing…'}</span>
        <span>{percent}%</span>
      </div>
      <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-line">
        <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export type Preview = { url: string; alt: string };

/** The image `preview` large, over Edit Images (rendered inside its dialog so it layers above it); null = closed. */
export function ImagePreview({ preview, onClose }: { preview: Preview | null; onClose: () => void }) {
  return (
    <Dialog.Root open={preview !== null} onOpenChange={(open) => !open && onClose()}>
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
  );
}
