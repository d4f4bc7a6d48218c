/**
 * Local-disk image storage: files under UPLOAD_DIR (default .data/uploads), served by
 * GET /api/images/{name} (app/api/images/[...key]/route.ts). Names are 32 random hex characters
 * plus the extension of the content type, so they never collide and never come from user input.
 */
import 'server-only';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { env } from '@/lib/server/env';
import type { ImageStorage, StoredFile } from './types';

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/avif': 'avif' };
export const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', avif: 'image/avif' };

/** A stored file name: 32 hex characters, a dot, a known extension. */
export const LOCAL_NAME = /^[a-f0-9]{32}\.(webp|jpg|png|avif)$/;

/** The directory images are written to (UPLOAD_DIR, else .data/uploads under the working dir). */
export function uploadDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env().UPLOAD_DIR || path.join(/*turbopackIgnore: true*/ process.cwd(), '.data', 'uploads'));
}

/** The absolute path of a stored file name, or null when the name is not one we could have made. */
export function localImagePath(name: string, dir = uploadDir()): string | null {
  if (!LOCAL_NAME.test(name)) return null;
  const full = path.resolve(/*turbopackIgnore: true*/ dir, name);
  return path.dirname(full) === path.resolve(/*turbopackIgnore: true*/ dir) ? full : null;
}

export function createLocalStorage(dir?: string): ImageStorage {
  const root = () => dir ?? uploadDir();
  return {
    name: 'local',
    async put(buffer: Buffer, contentType: string): Promise<StoredFile> {
      const ext = EXTENSIONS[contentType];
      if (!ext) throw new Error(`Unsupported content type for storage: ${contentType}`);
      const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
      await fs.mkdir(root(), { recursive: true });
      // 'wx': never overwrite an existing file.
      await fs.writeFile(path.join(/*turbopackIgnore: true*/ root(), name), buffer, { flag: 'wx' });
      return { key: `local:${name}`, url: `/api/images/${name}` };
    },
    async delete(key: string): Promise<void> {
      const file = localImagePath(key.replace(/^local:/, ''), root());
      if (!file) return;
      await fs.rm(file, { force: true });
    },
  };
}
