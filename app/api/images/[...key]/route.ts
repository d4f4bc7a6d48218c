// GET /api/images/{name} — a product image stored on local disk (docs/architecture.md "Images host")
import fs from 'node:fs/promises';
import { z } from 'zod';
import { notFound } from '@/lib/server/errors';
import { route } from '@/lib/http/route';
import { CONTENT_TYPES, localImagePath } from '@/lib/storage/local';

const params = z.object({ key: z.array(z.string()).min(1) });

/**
 * → 200 the image bytes with its Content-Type and `Cache-Control: public, max-age=31536000,
 * immutable` (names are random and never reused, so a URL's content never changes);
 * 404 when the name is not one the store could have made (no path traversal: only
 * `<32 hex>.<webp|jpg|png|avif>` directly under UPLOAD_DIR) or the file is gone.
 */
export const GET = route({ auth: 'public', params }, async ({ params, req }) => {
  const name = params.key.length === 1 ? params.key[0] : '';
  const file = localImagePath(name);
  if (!file) throw notFound('Image not found.');
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch {
    throw notFound('Image not found.');
  }
  const etag = `"${name}"`;
  const headers = {
    'content-type': CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream',
    'cache-control': 'public, max-age=31536000, immutable',
    etag,
    'x-content-type-options': 'nosniff',
  };
  if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(bytes), { status: 200, headers: { ...headers, 'content-length': String(bytes.length) } });
});
