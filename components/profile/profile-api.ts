'use client';
/**
 * How the profile's client forms call the REST API (DESIGN.md: client components mutate through
 * the same contract API clients use). The browser's session cookie goes along by itself.
 *
 * A 401 means the session has ended (signed out elsewhere, password changed on another device,
 * account deactivated): the section shows "Your session has expired. Please log in again." and
 * the browser is signed out and sent to /login after 3 seconds (spec §8 Profile, §9).
 */
import { signOut } from 'next-auth/react';
import { SESSION_EXPIRED, SESSION_REDIRECT_MS } from '@/components/cart/request';

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message?: string; noResponse?: boolean };

let signingOut = false;

/** Signs the browser out once, after the spec's delay, returning to /login?next=/profile. */
export function endExpiredSession(): void {
  if (signingOut) return;
  signingOut = true;
  setTimeout(() => void signOut({ callbackUrl: '/login?next=%2Fprofile' }), SESSION_REDIRECT_MS);
}

/** A JSON request to the shop's API. Never throws: network failures come back as {ok:false, noResponse}. */
export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    return { ok: false, status: 0, noResponse: true };
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // An empty or non-JSON body: the status says enough.
  }
  if (res.status === 401) endExpiredSession();
  if (!res.ok) {
    const message = (data as { message?: unknown } | null)?.message;
    return { ok: false, status: res.status, message: typeof message === 'string' ? message : undefined };
  }
  return { ok: true, status: res.status, data: data as T };
}

/** The message to show for a failed call: the session-expired text on 401, else the fallback. */
export const failureText = (result: { status: number }, fallback: string) => (result.status === 401 ? SESSION_EXPIRED : fallback);
