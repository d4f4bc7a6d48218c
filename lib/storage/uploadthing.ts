/**
 * uploadthing image storage (docs/architecture.md "Images host"), used when UPLOADTHING_TOKEN is set. Runs on
 * the server with the SDK's UTApi: uploadFiles() signs an ingest URL with the token's API key and
 * PUTs the file there; deleteFiles() POSTs {fileKeys} to the API's /v6/deleteFiles.
 *
 * apiUrl / ingestUrl default to uploadthing's hosts; the SDK also reads UPLOADTHING_API_URL and
 * UPLOADTHING_INGEST_URL from the environment. Tests point both at
 * tests/support/uploadthing-stand-in.ts.
 */
import 'server-only';
import crypto from 'node:crypto';
import { UTApi, UTFile } from 'uploadthing/server';
import { AppError } from '@/lib/server/errors';
import type { ImageStorage, StoredFile } from './types';

export type UploadthingOptions = { token: string; apiUrl?: string; ingestUrl?: string };

const EXT: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/avif': 'avif' };

export function createUploadthingStorage(opts: UploadthingOptions): ImageStorage {
  const api = new UTApi({
    token: opts.token,
    logLevel: 'Error',
    ...(opts.apiUrl ? { apiUrl: opts.apiUrl } : {}),
    ...(opts.ingestUrl ? { ingestUrl: opts.ingestUrl } : {}),
  });
  return {
    name: 'uploadthing',
    async put(buffer: Buffer, contentType: string): Promise<StoredFile> {
      const name = `${crypto.randomBytes(16).toString('hex')}.${EXT[contentType] ?? 'bin'}`;
      const file = new UTFile([new Uint8Array(buffer)], name, { type: contentType });
      let result;
      try {
        result = await api.uploadFiles(file);
      } catch (e) {
        console.error('[storage] uploadthing upload failed', e);
        throw new AppError('provider_error', 'The image could not be stored. Please try again.');
      }
      if (result.error || !result.data) {
        console.error('[storage] uploadthing upload failed', result.error);
        throw new AppError('provider_error', 'The image could not be stored. Please try again.');
      }
      return { key: `ut:${result.data.key}`, url: result.data.ufsUrl };
    },
    async delete(key: string): Promise<void> {
      await api.deleteFiles(key.replace(/^ut:/, ''));
    },
  };
}
