/**
 * The one wrapper every route handler goes through, and the one place requests enter
 * (docs/architecture.md; docs/accounts-and-security.md):
 *   - gives every request an id, answered in `X-Request-Id` and logged with any unexpected error
 *     (lib/server/request-id.ts);
 *   - checks who is asking (auth: 'public' | 'optional' | 'user' | 'admin'); the services check
 *     the signed-in user's permission again (lib/auth/permissions.ts);
 *   - refuses a state-changing request signed in by the session cookie that does not come from the
 *     shop's own origin (403, lib/server/csrf.ts); bearer-token requests are not affected;
 *   - parses path params, query string and JSON body with zod (bad input → 400, never 500); a
 *     query may instead be read by a function of the URLSearchParams (repeated keys kept). Before
 *     any schema sees them, every string and name is checked: no control characters, no
 *     `__proto__` / `constructor` / `prototype` keys (lib/server/text-input.ts). A JSON route
 *     takes only a body labelled application/json (415 otherwise);
 *   - maps AppError and database constraint errors to `{ message, code }` with the right status;
 *   - logs anything unexpected once (request id, method and route pattern; no SQL or parameters)
 *     and answers a generic 500;
 *   - marks every answer of a route whose auth is not 'public', and every answer to a write,
 *     `Cache-Control: private, no-store`: what depends on who asks is never stored by a cache.
 *
 * Usage:
 *   // PUT /api/brands/{id} — edit a brand (spec §7 admin)
 *   export const PUT = route({ auth: 'admin', params: idParams, body: brandUpdateSchema },
 *     ({ user, params, body }) => updateBrand(user, params.id, body));
 *
 * A handler returns plain data (→ 200 JSON), `json(data, status)`, or any Response.
 *
 * Why lib/http and not lib/server: route() asks lib/auth who is signed in, and lib/auth stands on
 * lib/server (env, errors); in lib/server the wrapper would make infrastructure depend on a domain,
 * and the two folders on each other. So route() is a layer of its own above auth, below lib/api,
 * whose route table describes what each route() takes (docs/architecture.md "Layers").
 */
import { NextResponse } from 'next/server';
import { z, type ZodType } from 'zod';
import { authenticate, type SessionUser } from '@/lib/auth/guards';
import { AppError } from '@/lib/server/errors';
import { authorize } from '@/lib/auth/permissions';
import { CROSS_SITE_MESSAGE, isSafeMethod, isSameOriginRequest } from '@/lib/server/csrf';
import { REQUEST_ID_HEADER, requestId } from '@/lib/server/request-id';
import { JSON_ONLY_MESSAGE, assertCleanEntries, assertCleanInput, isJsonMediaType, parseJsonInput } from '@/lib/server/text-input';

type Auth = 'public' | 'optional' | 'user' | 'admin';
type UserFor<A extends Auth> = A extends 'user' | 'admin' ? SessionUser : SessionUser | null;
type Out<S> = S extends ZodType ? z.output<S> : undefined;
/** A query reader: parses the URLSearchParams itself (throwing an AppError for a bad value). */
type QueryReader<T = unknown> = (search: URLSearchParams) => T;
type QueryOut<Q> = Q extends QueryReader<infer T> ? T : Out<Q>;

type Options<A extends Auth, P, Q, B> = {
  auth?: A;
  params?: P;
  /** A zod schema of the query as a record (the last of repeated keys), or a QueryReader. */
  query?: Q;
  /** A zod schema for a JSON body, or 'form' to receive the raw FormData (multipart). */
  body?: B;
};

type Context<A extends Auth, P, Q, B> = {
  req: Request;
  user: UserFor<A>;
  params: Out<P>;
  query: QueryOut<Q>;
  body: B extends 'form' ? FormData : Out<B>;
};

type NextCtx = { params?: Promise<Record<string, string | string[]>> };

/** A JSON response with a status (default 200). */
export const json = (data: unknown, status = 200, init?: ResponseInit) => NextResponse.json(data, { ...init, status });

/** The paging facts of a list answer, for lists whose body stays the plain array the spec's client reads. */
export type PageFacts = { total: number; page: number; limit: number; totalPages: number };

/**
 * 200 with a list as the body and its paging in headers: X-Total-Count, X-Page, X-Per-Page,
 * X-Total-Pages (exposed to browsers on other origins). Used by GET /api/orders and GET /api/users.
 */
export const pagedJson = (items: unknown[], facts: PageFacts) =>
  json(items, 200, {
    headers: {
      'X-Total-Count': String(facts.total),
      'X-Page': String(facts.page),
      'X-Per-Page': String(facts.limit),
      'X-Total-Pages': String(facts.totalPages),
      'Access-Control-Expose-Headers': 'X-Total-Count, X-Page, X-Per-Page, X-Total-Pages',
    },
  });

/** The `{ message, code }` error body. */
export const errorResponse = (status: number, message: string, code: string, details?: Record<string, unknown>) =>
  NextResponse.json({ message, code, ...details }, { status });

function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  const field = issue.path.join('.');
  return field && !issue.message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${issue.message}` : issue.message;
}

function parse<S>(schema: S, input: unknown, what: string): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = (schema as unknown as ZodType).safeParse(input);
  if (!result.success) {
    throw new AppError('bad_request', zodMessage(result.error), {
      errors: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      in: what,
    });
  }
  return result.data as Out<S>;
}

/**
 * Reads and validates a JSON body: blank → `{}`; text that is not JSON, control characters,
 * prototype keys (lib/server/text-input.ts) or a value the schema refuses → 400. A body that passes
 * but is labelled as anything but application/json → 415: text/plain and the form types are what
 * another site's page can send without a preflight. (The label is checked last, so a malformed
 * body answers the same 400 whatever its label.)
 */
async function readJsonBody<S>(req: Request, schema: S): Promise<Out<S>> {
  const text = await req.text();
  const body = parse(schema, parseJsonInput(text), 'body');
  if (text.trim() && !isJsonMediaType(req.headers.get('content-type'))) throw new AppError('unsupported_media_type', JSON_ONLY_MESSAGE);
  return body;
}

/** PostgreSQL error codes that bad input can cause, mapped to client errors instead of 500s. */
function fromDatabaseError(e: unknown): AppError | null {
  const err = e as { code?: string; cause?: { code?: string } };
  const code = err?.code ?? err?.cause?.code;
  switch (code) {
    case '23505':
      return new AppError('conflict', 'That already exists.');
    case '23503':
      return new AppError('bad_request', 'A referenced record does not exist or is still in use.');
    case '23514':
      return new AppError('conflict', 'That change would break a rule of the shop (for example, stock below zero).');
    case '22P02':
    case '22003':
    case '22001':
    // Text the database cannot store (a NUL byte): refused earlier by the route wrapper, kept as a net.
    case '22021':
      return new AppError('bad_request', 'A value in the request is not valid.');
    default:
      return null;
  }
}

/** What an unexpected error is logged with: the request id and the route as `METHOD /api/path/[param]`. */
export type ErrorContext = { requestId: string; route: string };

/**
 * An error as it is logged: a failed database query without its SQL and parameters (which can
 * hold personal data) — the driver's code and message and where it was thrown; anything else as is.
 */
function loggable(e: unknown): unknown {
  if (!(e instanceof Error) || !('query' in e) || !('params' in e)) return e;
  const cause = e.cause as { code?: string; message?: string } | undefined;
  const where = (e.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  return { error: 'Database query failed (SQL and parameters not logged)', code: cause?.code, cause: cause?.message, stack: where.join('\n') };
}

/**
 * Maps any thrown value to an error Response; an unexpected one is logged once (with the request
 * id and route when given) and answers a generic 500.
 */
export function toErrorResponse(e: unknown, context?: ErrorContext): Response {
  const known = e instanceof AppError ? e : fromDatabaseError(e);
  if (known) {
    const res = errorResponse(known.status, known.message, known.code, known.details);
    if (known.retryAfterSeconds !== undefined) res.headers.set('Retry-After', String(known.retryAfterSeconds));
    return res;
  }
  console.error(`[api] unexpected error${context ? ` ${context.requestId} ${context.route}` : ''}`, loggable(e));
  return errorResponse(500, 'Something went wrong on our side. Please try again.', 'internal');
}

/**
 * The route's pattern, for the log: the path with each param value put back as its `[name]`
 * (`/api/orders/5/items/7` → `/api/orders/[id]/items/[itemId]`).
 */
function routePattern(req: Request, params: Record<string, string | string[]>): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const v of value) names.set(v, `[...${name}]`);
    else names.set(value, `[${name}]`);
  }
  const segments = new URL(req.url).pathname.split('/').map((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // Left as sent.
    }
    return names.get(decoded) ?? segment;
  });
  return segments.filter((segment, i) => !(segment.startsWith('[...') && segments[i - 1] === segment)).join('/');
}

/** Sets headers on a Response, copying it first when its headers are immutable (Response.redirect). */
function withHeaders(res: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

/** Wraps a route handler with auth, parsing and error mapping (see the module comment). */
export function route<A extends Auth = 'public', P = undefined, Q = undefined, B = undefined>(
  options: Options<A, P, Q, B>,
  handler: (ctx: Context<A, P, Q, B>) => Promise<unknown> | unknown,
) {
  const auth = options.auth ?? 'public';
  return async (req: Request, nextCtx?: NextCtx): Promise<Response> => {
    let id: string;
    try {
      id = requestId(req.headers);
    } catch {
      id = crypto.randomUUID();
    }
    let rawParams: Record<string, string | string[]> = {};
    let res: Response;
    try {
      rawParams = (await nextCtx?.params) ?? {};
      res = await handle(options, auth, handler, req, rawParams);
    } catch (e) {
      res = toErrorResponse(e, { requestId: id, route: `${req.method} ${routePattern(req, rawParams)}` });
    }
    // What depends on who asks, and any answer to a write, is never stored by a shared cache.
    const personal = auth !== 'public' || !isSafeMethod(req.method);
    return withHeaders(res, { [REQUEST_ID_HEADER]: id, ...(personal ? { 'Cache-Control': 'private, no-store' } : {}) });
  };
}

/** One request through the wrapper's checks, in order: who asks, CSRF, permission, input, the handler. */
async function handle<A extends Auth, P, Q, B>(
  options: Options<A, P, Q, B>,
  auth: Auth,
  handler: (ctx: Context<A, P, Q, B>) => Promise<unknown> | unknown,
  req: Request,
  rawParams: Record<string, string | string[]>,
): Promise<Response> {
  let user: SessionUser | null = null;
  if (auth !== 'public') {
    const who = await authenticate(req.headers);
    user = who.user;
    // CSRF: a write the browser signed with the session cookie must come from the shop's own pages.
    if (who.via === 'cookie' && !isSameOriginRequest(req)) throw new AppError('forbidden', CROSS_SITE_MESSAGE);
    // An administrator route refuses others before reading any input, so a customer learns
    // nothing of its input rules; the service re-asserts the same rule (lib/auth/permissions.ts).
    if (auth === 'user' || auth === 'admin') authorize(user, auth);
  }
  assertCleanInput(rawParams, 'params');
  const params = parse(options.params, rawParams, 'params');
  const search = new URL(req.url).searchParams;
  assertCleanEntries(search, 'query');
  const query = typeof options.query === 'function' ? (options.query as QueryReader)(search) : parse(options.query, Object.fromEntries(search), 'query');
  let body: unknown;
  if (options.body === 'form') {
    try {
      body = await req.formData();
    } catch {
      throw new AppError('bad_request', 'The request must be multipart/form-data.');
    }
    assertCleanEntries(body as FormData, 'body');
  } else if (options.body) {
    body = await readJsonBody(req, options.body);
  }
  const result = await handler({ req, user, params, query, body } as Context<A, P, Q, B>);
  if (result instanceof Response) return result;
  return json(result ?? { success: true });
}

/** `{ id }` path params as a positive integer (e.g. /api/products/{id}). */
const ID_MESSAGE = 'The id must be a positive whole number.';
export const idParams = z.object({ id: z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE) });
