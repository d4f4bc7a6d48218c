'use client';
/**
 * The admin screens' HTTP client for the REST API (DESIGN.md: client components mutate through the
 * API). Sends the session cookie, parses JSON, and turns every non-2xx answer into an ApiError
 * carrying the server's `message`, `code`, status and body. A 401 sends the browser to /login
 * (spec §6: any 401 on the admin client → /login).
 */
import { toast } from 'sonner';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function toLogin() {
  if (typeof window !== 'undefined') {
    const next = window.location.pathname + window.location.search;
    // A full page load on purpose: the session is gone, so no client state should survive.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`/login?next=${encodeURIComponent(next)}`);
  }
}

/** Reads a Response as JSON (or null), throwing ApiError on a non-2xx status. */
export async function readApiResponse<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!res.ok) {
    if (res.status === 401) toLogin();
    const b = body as { message?: unknown; code?: unknown } | null;
    const message = typeof b?.message === 'string' ? b.message : `Request failed (${res.status}).`;
    throw new ApiError(res.status, message, typeof b?.code === 'string' ? b.code : undefined, body);
  }
  return body as T;
}

/**
 * fetch + readApiResponse. A plain object `body` is sent as JSON; FormData as multipart.
 *   const brands = await apiFetch<BrandJson[]>('/api/brands');
 *   await apiFetch(`/api/brands/${id}`, { method: 'PUT', body: { name } });
 */
export async function apiFetch<T = unknown>(url: string, init: Omit<RequestInit, 'body'> & { body?: unknown } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  let body: BodyInit | undefined;
  if (init.body instanceof FormData || typeof init.body === 'string') body = init.body as BodyInit;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers.set('content-type', 'application/json');
  }
  headers.set('accept', 'application/json');
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers, body, credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new ApiError(0, 'Unable to reach the server. Please check your internet connection.');
  }
  return readApiResponse<T>(res);
}

/**
 * Sends FormData with XMLHttpRequest so upload progress can be shown (fetch has no upload
 * progress). `onProgress` receives 0…1. Resolves with the parsed JSON; rejects with ApiError.
 */
export function uploadWithProgress<T = unknown>(method: string, url: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Unable to reach the server. Please check your internet connection.'));
    xhr.onload = () => {
      onProgress?.(1);
      const res = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
      });
      readApiResponse<T>(res).then(resolve, reject);
    };
    xhr.send(form);
  });
}

/** The message to show for a failure: the server's message when it gave one, else the fallback. */
export function errorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.status > 0 && e.status < 500 && e.message) return e.message;
  return fallback;
}

/** Logs a failed admin action and toasts `message`, with the server's reason (a 4xx message) as its description. */
export function toastFailure(message: string, e: unknown): void {
  console.error(`[admin] ${message}`, e);
  toast.error(message, { description: errorMessage(e, '') || undefined });
}
