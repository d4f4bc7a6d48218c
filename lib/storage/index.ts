/**
 * The image store in use: uploadthing when UPLOADTHING_TOKEN is set, else local disk under
 * UPLOAD_DIR (default .data/uploads). `deleteStoredFiles` routes each key to the adapter that made
 * it (keys carry a "local:" or "ut:" prefix), so images survive a switch of backend.
 */
import 'server-only';
import { env } from '@/lib/server/env';
import { createLocalStorage } from './local';
import { createUploadthingStorage } from './uploadthing';
import type { ImageStorage } from './types';

export type { ImageStorage, StoredFile } from './types';

let override: ImageStorage | null = null;
let cached: { token: string | undefined; storage: ImageStorage } | null = null;

/** The storage for new uploads (chosen from the environment on each call; adapters are cached). */
export function getStorage(): ImageStorage {
  if (override) return override;
  const token = env().UPLOADTHING_TOKEN;
  if (cached?.token !== token || !cached) {
    cached = { token, storage: token ? createUploadthingStorage({ token }) : createLocalStorage() };
  }
  return cached.storage;
}

/** Tests: use this storage instead of the configured one (null restores the default). */
export function setStorageForTesting(storage: ImageStorage | null): void {
  override = storage;
  cached = null;
}

function storageForKey(key: string): ImageStorage {
  if (override) return override;
  if (key.startsWith('local:')) return createLocalStorage();
  const current = getStorage();
  if (key.startsWith('ut:') && current.name !== 'uploadthing') {
    throw new Error('An uploadthing file cannot be deleted without UPLOADTHING_TOKEN.');
  }
  return current;
}

/**
 * Deletes stored files after their rows are gone. Best effort: a failure is logged, never thrown,
 * because the database change it follows has already been committed.
 */
export async function deleteStoredFiles(keys: ReadonlyArray<string | null | undefined>): Promise<void> {
  await Promise.all(
    keys
      .filter((k): k is string => Boolean(k))
      .map(async (key) => {
        try {
          await storageForKey(key).delete(key);
        } catch (e) {
          console.error(`[storage] could not delete ${key}`, e);
        }
      }),
  );
}
