/**
 * The browser's door to our REST API (DESIGN.md: client components mutate through the REST contract).
 * Same-origin fetch with the session cookie; never throws: network failures come back as status 0.
 */
export type ApiResult<T> = { ok: true; status: number; data: T; headers: Headers } | { ok: false; status: number; message: string | null; data: unknown; headers: Headers | null };

export async function api<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (e) {
    console.warn(`[api] ${init.method ?? 'GET'} ${path} did not reach the server`, e);
    return { ok: false, status: 0, message: null, data: null, headers: null };
  }
  let data: unknown = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (res.ok) return { ok: true, status: res.status, data: data as T, headers: res.headers };
  const message = data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string' ? (data as { message: string }).message : null;
  return { ok: false, status: res.status, message, data, headers: res.headers };
}

/** Spec §8 / §9: after a 401 the page says so and sends the browser to log in after 3 seconds (cart, orders, checkout, profile). */
export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
export const SESSION_REDIRECT_MS = 3000;
