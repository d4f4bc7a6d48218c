/**
 * Review photos: checked by their bytes and re-encoded exactly like product images
 * (lib/storage/images.ts: JPEG, PNG, WebP or AVIF, ≤ 5 MB, WebP out, metadata stripped) before
 * anything is stored; stored before the review's transaction and removed again if it fails.
 */
import 'server-only';
import { deleteStoredFiles, getStorage, type StoredFile } from '@/lib/storage';
import { processImageUpload, type ProcessedImage } from '@/lib/storage/images';
import { AppError, badRequest } from '@/lib/server/errors';
import { MAX_REVIEW_PHOTOS } from './schemas';

export type StoredPhoto = StoredFile & { width: number; height: number };

/**
 * Checks and re-encodes every photo; throws before anything is stored.
 * @throws 400 more than MAX_REVIEW_PHOTOS, or a file that is not an accepted image; 413 over 5 MB
 */
export async function preparePhotos(files: Blob[]): Promise<ProcessedImage[]> {
  if (files.length > MAX_REVIEW_PHOTOS) throw badRequest(`Add at most ${MAX_REVIEW_PHOTOS} photos to a review.`);
  const out: ProcessedImage[] = [];
  for (const f of files) out.push(await processImageUpload(f));
  return out;
}

/** Writes prepared photos to storage; on a failure removes the ones already written (502). */
export async function storePhotos(images: ProcessedImage[]): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = [];
  if (images.length === 0) return stored;
  const storage = getStorage();
  try {
    for (const img of images) stored.push({ ...(await storage.put(img.buffer, img.contentType)), width: img.width, height: img.height });
  } catch (e) {
    await deleteStoredFiles(stored.map((s) => s.key));
    if (e instanceof AppError) throw e;
    console.error('[reviews] storing a photo failed', e);
    throw new AppError('provider_error', 'The photo could not be stored. Please try again.');
  }
  return stored;
}
