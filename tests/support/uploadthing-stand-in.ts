/**
 * A local stand-in for the two uploadthing services the server SDK (UTApi from
 * 'uploadthing/server', v7) talks to, so the uploadthing storage adapter runs its real SDK code in
 * tests without the internet:
 *
 *   Ingest (UTApi option `ingestUrl`): uploadFiles() signs `${ingestUrl}/${fileKey}?expires=…
 *     &x-ut-identifier=<appId>&x-ut-file-name=…&x-ut-file-size=…&x-ut-file-type=…
 *     &x-ut-content-disposition=…&signature=hmac-sha256=<hex>` (HMAC-SHA256 of the URL before the
 *     signature, keyed with the token's apiKey) and PUTs multipart form data with a `file` field.
 *     The stand-in verifies the signature, expiry, app id and size, stores the bytes and answers
 *     `{ url, appUrl, ufsUrl, fileHash }` like the real ingest server.
 *   API (UTApi option `apiUrl`): POST /v6/deleteFiles `{ fileKeys }` with the header
 *     `x-uploadthing-api-key` → `{ success, deletedCount }`.
 *   CDN: GET /f/{fileKey} serves a stored file (the `ufsUrl` points here).
 *
 * The token is the real format: base64 of JSON `{ apiKey: "sk_…", appId, regions }`.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StoredUpload = { key: string; name: string; type: string; bytes: Buffer };

export type UploadthingStandIn = {
  /** Base URL of the stand-in, used as both apiUrl and ingestUrl. */
  url: string;
  token: string;
  apiKey: string;
  appId: string;
  files: Map<string, StoredUpload>;
  deleted: string[];
  /** Every request seen: method, path and status answered. */
  log: { method: string; path: string; status: number }[];
  /** When set, the next ingest PUTs answer this status (simulating an outage). */
  failUploadsWith: number | null;
  close(): Promise<void>;
};

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startUploadthingStandIn(): Promise<UploadthingStandIn> {
  const apiKey = `sk_test_${crypto.randomBytes(16).toString('hex')}`;
  const appId = `standin${crypto.randomBytes(3).toString('hex')}`;
  const token = Buffer.from(JSON.stringify({ apiKey, appId, regions: ['local'] })).toString('base64');

  const state: Omit<UploadthingStandIn, 'close' | 'url'> & { url: string } = {
    url: '',
    token,
    apiKey,
    appId,
    files: new Map(),
    deleted: [],
    log: [],
    failUploadsWith: null,
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', state.url);
    const send = (status: number, body: unknown, type = 'application/json') => {
      state.log.push({ method: req.method ?? '', path: url.pathname, status });
      res.writeHead(status, { 'content-type': type });
      res.end(type === 'application/json' ? JSON.stringify(body) : (body as Buffer));
    };
    try {
      if (req.method === 'POST' && url.pathname === '/v6/deleteFiles') {
        if (req.headers['x-uploadthing-api-key'] !== apiKey) return send(401, { error: 'Invalid API key' });
        const { fileKeys = [] } = JSON.parse((await readBody(req)).toString('utf8')) as { fileKeys?: string[] };
        let deletedCount = 0;
        for (const key of fileKeys) {
          if (state.files.delete(key)) deletedCount++;
          state.deleted.push(key);
        }
        return send(200, { success: true, deletedCount });
      }

      if (req.method === 'GET' && url.pathname.startsWith('/f/')) {
        const file = state.files.get(decodeURIComponent(url.pathname.slice(3)));
        if (!file) return send(404, { error: 'Not found' });
        return send(200, file.bytes, file.type);
      }

      if (req.method === 'PUT' && /^\/[A-Za-z0-9_-]+$/.test(url.pathname)) {
        if (state.failUploadsWith) return send(state.failUploadsWith, { error: 'Simulated outage' });
        const href = `${state.url}${req.url}`;
        const at = href.lastIndexOf('&signature=');
        if (at < 0) return send(403, { error: 'Missing signature' });
        const signed = href.slice(0, at);
        const signature = decodeURIComponent(href.slice(at + '&signature='.length));
        const expected = `hmac-sha256=${crypto.createHmac('sha256', apiKey).update(signed).digest('hex')}`;
        if (signature !== expected) return send(403, { error: 'Invalid signature' });
        if (Number(url.searchParams.get('expires')) < Date.now()) return send(403, { error: 'URL expired' });
        if (decodeURIComponent(url.searchParams.get('x-ut-identifier') ?? '') !== appId) return send(403, { error: 'Wrong app' });

        const body = await readBody(req);
        const form = await new Request(href, { method: 'PUT', headers: { 'content-type': String(req.headers['content-type']) }, body: new Uint8Array(body) }).formData();
        const file = form.get('file');
        if (!(file instanceof Blob)) return send(400, { error: 'No file' });
        const bytes = Buffer.from(await file.arrayBuffer());
        const declaredSize = Number(decodeURIComponent(url.searchParams.get('x-ut-file-size') ?? ''));
        if (declaredSize !== bytes.length) return send(400, { error: 'Size mismatch' });
        const key = url.pathname.slice(1);
        const name = decodeURIComponent(url.searchParams.get('x-ut-file-name') ?? key);
        const type = decodeURIComponent(url.searchParams.get('x-ut-file-type') ?? 'application/octet-stream');
        state.files.set(key, { key, name, type, bytes });
        const ufsUrl = `${state.url}/f/${key}`;
        return send(200, { url: ufsUrl, appUrl: ufsUrl, ufsUrl, fileHash: crypto.createHash('sha256').update(bytes).digest('hex') });
      }

      return send(404, { error: `No route for ${req.method} ${url.pathname}` });
    } catch (e) {
      return send(500, { error: String(e) });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(state, {
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  });
}
