import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GET as getImage } from '@/app/api/images/[...key]/route';
import { AppError } from '@/lib/server/errors';
import { IMAGE_REJECTED_MESSAGE, processImageUpload, sniffImageFormat } from '@/lib/storage/images';
import { createLocalStorage } from '@/lib/storage/local';
import { createUploadthingStorage } from '@/lib/storage/uploadthing';
import { fileOf, makeImage } from '../support/admin-catalog';
import { call } from '../support/http';
import { startUploadthingStandIn, type UploadthingStandIn } from '../support/uploadthing-stand-in';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'uploads-'));
  process.env.UPLOAD_DIR = dir;
});
afterAll(async () => {
  delete process.env.UPLOAD_DIR;
  await fs.rm(dir, { recursive: true, force: true });
});

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('image uploads are checked by content', () => {
  test.each(['jpeg', 'png', 'webp', 'avif'] as const)('accepts a real %s image and re-encodes it to WebP', async (format) => {
    const bytes = await makeImage(format, 40, 30);
    expect(sniffImageFormat(bytes)).toBe(format);
    // The declared name and type are irrelevant: only the bytes count.
    const out = await processImageUpload(fileOf(bytes, 'photo.bin', 'application/octet-stream'));
    expect(out.contentType).toBe('image/webp');
    expect(out.sourceFormat).toBe(format);
    const meta = await sharp(out.buffer).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  test('shrinks large images to 2000 px and strips EXIF metadata', async () => {
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#b8692e' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'GPS somewhere' } })
      .toBuffer();
    expect((await sharp(big).metadata()).exif).toBeDefined();
    const out = await processImageUpload(fileOf(big, 'big.jpg', 'image/jpeg'));
    const meta = await sharp(out.buffer).metadata();
    expect([meta.width, meta.height]).toEqual([2000, 1000]);
    expect(meta.exif).toBeUndefined();
    expect(out.buffer.includes(Buffer.from('Secret Photographer'))).toBe(false);
  });

  test('refuses an SVG image (400, clear message)', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const e = await rejection(processImageUpload(fileOf(svg, 'logo.svg', 'image/svg+xml')));
    expect(e.status).toBe(400);
    expect(e.message).toContain(IMAGE_REJECTED_MESSAGE);
  });

  test('refuses an HTML file renamed .png with type image/png (400)', async () => {
    const e = await rejection(processImageUpload(fileOf('<!doctype html><h1>hi</h1>', 'innocent.png', 'image/png')));
    expect(e.status).toBe(400);
    expect(e.message).toContain('“innocent.png”');
    expect(e.message).toContain(IMAGE_REJECTED_MESSAGE);
  });

  test('refuses a truncated PNG whose header is right but whose content is not an image (400)', async () => {
    const png = await makeImage('png', 200, 200);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(500, 7)]);
    expect((await rejection(processImageUpload(fileOf(broken, 'broken.png', 'image/png')))).status).toBe(400);
  });

  test('refuses a 6 MB file (413, clear message) and an empty file (400)', async () => {
    const header = await makeImage('png', 8, 8);
    const six = Buffer.concat([header, Buffer.alloc(6 * 1024 * 1024 - header.length)]);
    const e = await rejection(processImageUpload(fileOf(six, 'huge.png', 'image/png')));
    expect(e.status).toBe(413);
    expect(e.message).toContain('larger than 5 MB');
    expect((await rejection(processImageUpload(fileOf(Buffer.alloc(0), 'empty.png', 'image/png')))).status).toBe(400);
  });
});

describe('local disk storage and GET /api/images/{name}', () => {
  test('stores under a random name and serves it with long-lived caching headers', async () => {
    const storage = createLocalStorage();
    const webp = (await processImageUpload(fileOf(await makeImage('png'), 'a.png', 'image/png'))).buffer;
    const stored = await storage.put(webp, 'image/webp');
    expect(stored.key).toMatch(/^local:[a-f0-9]{32}\.webp$/);
    expect(stored.url).toMatch(/^\/api\/images\/[a-f0-9]{32}\.webp$/);
    const name = stored.url.split('/').pop()!;
    expect(await fs.readFile(path.join(dir, name))).toEqual(webp);

    const res = await call(getImage, { url: stored.url, params: { key: [name] } as never });
    expect(res.status).toBe(200);
    expect(res.res.headers.get('content-type')).toBe('image/webp');
    expect(res.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.res.headers.get('etag')!;
    const again = await call(getImage, { url: stored.url, params: { key: [name] } as never, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    await storage.delete(stored.key);
    expect((await call(getImage, { url: stored.url, params: { key: [name] } as never })).status).toBe(404);
  });

  test('GET /api/images — no path traversal: only stored names are served', async () => {
    const secret = path.join(path.dirname(dir), 'secret.webp');
    await fs.writeFile(secret, 'not for you');
    for (const key of [['..', 'secret.webp'], ['../secret.webp'], ['%2e%2e%2fsecret.webp'], ['/etc/passwd'], ['a', 'b.webp'], ['x.webp']]) {
      const res = await call(getImage, { url: '/api/images/x', params: { key } as never });
      expect(res.status, JSON.stringify(key)).toBe(404);
    }
    await fs.rm(secret);
  });
});

describe('uploadthing storage (real UTApi against the local stand-in)', () => {
  let standIn: UploadthingStandIn;
  beforeAll(async () => {
    standIn = await startUploadthingStandIn();
  });
  afterAll(() => standIn.close());

  test('put uploads through the signed ingest URL and returns the ufs URL; delete calls /v6/deleteFiles', async () => {
    const storage = createUploadthingStorage({ token: standIn.token, apiUrl: standIn.url, ingestUrl: standIn.url });
    const webp = (await processImageUpload(fileOf(await makeImage('jpeg'), 'a.jpg', 'image/jpeg'))).buffer;
    const stored = await storage.put(webp, 'image/webp');
    expect(stored.key).toMatch(/^ut:/);
    const fileKey = stored.key.slice(3);
    expect(stored.url).toBe(`${standIn.url}/f/${fileKey}`);
    expect(standIn.files.get(fileKey)?.bytes).toEqual(webp);
    expect(standIn.files.get(fileKey)?.type).toBe('image/webp');
    const served = await fetch(stored.url);
    expect(served.headers.get('content-type')).toBe('image/webp');

    await storage.delete(stored.key);
    expect(standIn.deleted).toContain(fileKey);
    expect(standIn.files.has(fileKey)).toBe(false);
  });

  test('a failing ingest server raises a 502 provider error', async () => {
    const storage = createUploadthingStorage({ token: standIn.token, apiUrl: standIn.url, ingestUrl: standIn.url });
    standIn.failUploadsWith = 503;
    try {
      const e = await rejection(storage.put(Buffer.from('x'), 'image/webp'));
      expect(e.status).toBe(502);
      expect(e.message).toBe('The image could not be stored. Please try again.');
    } finally {
      standIn.failUploadsWith = null;
    }
  });

  test('a wrong API key is refused by the stand-in (the SDK really signs requests)', async () => {
    const forged = Buffer.from(JSON.stringify({ apiKey: 'sk_forged', appId: standIn.appId, regions: ['local'] })).toString('base64');
    const storage = createUploadthingStorage({ token: forged, apiUrl: standIn.url, ingestUrl: standIn.url });
    expect((await rejection(storage.put(Buffer.from('x'), 'image/webp'))).status).toBe(502);
    expect(standIn.log.at(-1)?.status).toBe(403);
  });
});
