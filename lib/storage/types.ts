/**
 * Image storage (docs/architecture.md "Images host"): somewhere to put re-encoded product images and remove
 * them again. Two adapters: local disk (default) and uploadthing (when UPLOADTHING_TOKEN is set).
 */
export type StoredFile = {
  /** Opaque key to pass back to delete(); prefixed with the adapter ("local:…", "ut:…"). */
  key: string;
  /** Public address of the file: "/api/images/…" for local disk, an https URL for uploadthing. */
  url: string;
};

export interface ImageStorage {
  readonly name: 'local' | 'uploadthing';
  /** Stores the bytes under a new random name. Throws AppError('provider_error') when the store fails. */
  put(buffer: Buffer, contentType: string): Promise<StoredFile>;
  /** Removes a stored file; a key that no longer exists is not an error. */
  delete(key: string): Promise<void>;
}
