// GET, POST /api/auth/* — next-auth's own endpoints (sign-in, sign-out, session, CSRF).
/**
 * next-auth (v4) answers some malformed requests with a 500 before any of the shop's options run:
 * a `callbackUrl` parameter or callback-url cookie that is not a URL (its config assertion takes
 * that for a server misconfiguration), GET on the credentials callback, a JSON body that does not
 * parse, a field that is not text. This door refuses or cleans them first, so each is a 4xx
 * `{ message, code }` (docs/accounts-and-security.md):
 * - an action next-auth does not have here → 404; one it has for the other method (GET
 *   /api/auth/callback/credentials) → 405 with `Allow`;
 * - a `callbackUrl` parameter that is neither a path nor an http(s) URL → 400 (where a valid one
 *   leads is next-auth's redirect callback's question: lib/auth/redirect.ts authRedirect);
 * - a callback-url cookie that is neither → ignored and cleared: planted from a sibling subdomain
 *   or over plain http, it would otherwise lock that browser out of signing in;
 * - a body that is not a JSON object of text fields, or form fields → 400.
 * next-auth's other error answers (an empty body, a line of text) become `{ message, code }` too.
 *
 * next-auth is called through its documented `NextAuth(req, res, options)` entry with the request
 * as this door read it (query, cookies, headers, body): its App Router entry reads the cookies
 * again through next/headers and would see the one dropped here. Whether its cookies are Secure
 * is decided per request (lib/auth/cookies.ts servedOverHttps).
 */
import NextAuth from 'next-auth';
import type { NextApiRequest, NextApiResponse } from 'next';
import { NextRequest } from 'next/server';
import { CALLBACK_URL_COOKIES, servedOverHttps } from '@/lib/auth/cookies';
import { getAuthOptions } from '@/lib/accounts/auth-options';
import { isCallbackUrl, requestOrigin } from '@/lib/auth/redirect';
import { env } from '@/lib/server/env';
import { errorResponse } from '@/lib/http/route';

type Ctx = { params: Promise<{ nextauth?: string[] }> };

/** next-auth's actions as this shop uses them (one credentials provider, JWT sessions), by method. */
const ACTIONS: Record<'GET' | 'POST', ReadonlySet<string>> = {
  GET: new Set(['providers', 'session', 'csrf', 'signin', 'signout', 'error']),
  POST: new Set(['signin', 'signout', 'callback', 'session', '_log']),
};
/** Actions that take a provider id (`/api/auth/callback/credentials`); `callback` needs one. */
const WITH_PROVIDER = new Set(['signin', 'callback']);
const PROVIDER = 'credentials';

const CALLBACK_URL_MESSAGE = 'The callback URL must be a path on this site or an http(s) address.';
const BODY_MESSAGE = 'The sign-in request must be form fields or a JSON object of text fields.';

/** The answer next-auth writes through its Pages Router `res`, collected for a Response. */
class CollectedResponse {
  statusCode = 200;
  readonly headers = new Headers();
  cookies: string[] = [];
  body: string | null = null;

  status(code: number) {
    this.statusCode = code;
    return this;
  }
  getHeader(name: string) {
    return name.toLowerCase() === 'set-cookie' ? this.cookies : (this.headers.get(name) ?? undefined);
  }
  setHeader(name: string, value: string | string[]) {
    if (name.toLowerCase() === 'set-cookie') this.cookies = ([] as string[]).concat(value);
    else this.headers.set(name, String(value));
    return this;
  }
  json(data: unknown) {
    this.headers.set('content-type', 'application/json');
    this.body = JSON.stringify(data);
    return this;
  }
  send(data: unknown) {
    if (data !== null && typeof data === 'object') return this.json(data);
    this.body = data === undefined || data === null ? null : String(data);
    return this;
  }
  end() {
    return this;
  }
}

/** A Set-Cookie line that removes a cookie (Secure where its prefix requires it). */
const clearCookie = (name: string) => `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith('__Secure-') ? '; Secure' : ''}`;

/** Why a request's path and method do not name one of next-auth's actions here, or null. */
function routeRefusal(method: 'GET' | 'POST', segments: string[]): Response | null {
  const [action = '', providerId, ...rest] = segments;
  const known = ACTIONS.GET.has(action) || ACTIONS.POST.has(action);
  const providerOk = WITH_PROVIDER.has(action) ? providerId === PROVIDER || (providerId === undefined && action !== 'callback') : providerId === undefined;
  if (!known || !providerOk || rest.length > 0) return errorResponse(404, 'Not found.', 'not_found');
  if (ACTIONS[method].has(action)) return null;
  const allow = method === 'GET' ? 'POST' : 'GET';
  const res = errorResponse(405, `Use ${allow} for this address.`, 'method_not_allowed');
  res.headers.set('Allow', allow);
  return res;
}

/** The body as next-auth reads it (form fields or a JSON object), or a 400 when it is neither. */
async function readBody(req: Request): Promise<{ body?: Record<string, string>; refusal?: Response }> {
  const type = req.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return { body: Object.fromEntries(new URLSearchParams(await req.text())) };
  if (!type.includes('application/json')) return {};
  let value: unknown;
  try {
    value = JSON.parse(await req.text());
  } catch {
    return { refusal: errorResponse(400, BODY_MESSAGE, 'bad_request') };
  }
  const textFields = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
  return textFields ? { body: Object.assign(Object.create(null), value) as Record<string, string> } : { refusal: errorResponse(400, BODY_MESSAGE, 'bad_request') };
}

/**
 * Whether an answer is next-auth's JSON `{ url }` (a sign-in or sign-out outcome its client reads,
 * failures included: the error is in the URL's `error` parameter).
 */
function isUrlAnswer(out: CollectedResponse): boolean {
  if (!(out.headers.get('content-type') ?? '').includes('application/json') || !out.body) return false;
  try {
    return typeof (JSON.parse(out.body) as { url?: unknown }).url === 'string';
  } catch {
    return false;
  }
}

/** next-auth's answer as a Response: cookies kept, any other error as `{ message, code }`. */
function toResponse(out: CollectedResponse, extraCookies: string[]): Response {
  let res: Response;
  if (out.statusCode >= 500) {
    // The checks above leave next-auth nothing a client could cause: this one is ours to look at.
    console.error('[auth] next-auth answered', out.statusCode, out.body?.slice(0, 200));
    res = errorResponse(500, 'Something went wrong on our side. Please try again.', 'internal');
  } else if (out.statusCode >= 400 && !isUrlAnswer(out)) {
    res = errorResponse(out.statusCode, 'This sign-in request is not valid.', out.statusCode === 404 ? 'not_found' : 'bad_request');
  } else {
    res = new Response(out.body, { status: out.statusCode, headers: out.headers });
  }
  for (const cookie of [...out.cookies, ...extraCookies]) res.headers.append('Set-Cookie', cookie);
  return res;
}

async function handler(req: Request, ctx: Ctx): Promise<Response> {
  const method = req.method === 'POST' ? 'POST' : 'GET'; // HEAD is answered by GET
  const segments = (await ctx.params).nextauth ?? [];
  const refused = routeRefusal(method, segments);
  if (refused) return refused;

  const url = new URL(req.url);
  // next-auth reads the last value of a repeated parameter; every one must be a URL.
  if (url.searchParams.getAll('callbackUrl').some((v) => v !== '' && !isCallbackUrl(v))) return errorResponse(400, CALLBACK_URL_MESSAGE, 'bad_request');
  if (segments[0] === 'error' && !/^[A-Za-z]{0,64}$/.test(url.searchParams.get('error') ?? '')) {
    return errorResponse(400, 'Unknown sign-in error.', 'bad_request');
  }

  const { body, refusal } = method === 'POST' ? await readBody(req) : {};
  if (refusal) return refusal;

  const cookies: Record<string, string> = Object.create(null);
  for (const c of new NextRequest(req.url, { headers: req.headers }).cookies.getAll()) cookies[c.name] = c.value;
  const cleared: string[] = [];
  for (const name of CALLBACK_URL_COOKIES) {
    if (cookies[name] && !isCallbackUrl(cookies[name])) {
      delete cookies[name];
      cleared.push(clearCookie(name));
    }
  }

  const e = env();
  const options = getAuthOptions(requestOrigin(req.headers), { https: servedOverHttps(req, e.TRUST_PROXY, e.NEXTAUTH_URL) });
  const apiReq = {
    method,
    headers: Object.fromEntries(req.headers),
    query: { ...Object.fromEntries(url.searchParams), nextauth: segments },
    cookies,
    body,
  };
  const out = new CollectedResponse();
  await NextAuth(apiReq as unknown as NextApiRequest, out as unknown as NextApiResponse, options);
  return toResponse(out, cleared);
}

export { handler as GET, handler as POST };
