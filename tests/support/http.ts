/**
 * Calls route handlers the way Next.js does: a real Request in, a Response out.
 *   const res = await call(GET, { url: '/api/products?page=2' });
 *   const res = await call(PUT, { method: 'PUT', url: '/api/products/3', params: { id: '3' }, token, body: {...} });
 */
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  url?: string;
  params?: Record<string, string>;
  /** A bearer token (from tokenFor). */
  token?: string;
  /** JSON body (objects are stringified) or FormData or a raw string. */
  body?: unknown;
  headers?: Record<string, string>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON shapes
export async function call(handler: Handler, opts: CallOptions = {}): Promise<{ status: number; body: any; res: Response }> {
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || typeof opts.body === 'string') body = opts.body as BodyInit;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set('content-type', 'application/json');
  }
  const req = new Request(new URL(opts.url ?? '/', 'http://localhost:3000'), { method: opts.method ?? 'GET', headers, body });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (CSV, HTML): the raw text.
  }
  return { status: res.status, body: parsed, res };
}
