/**
 * The one wrapper every route handler goes through (docs/architecture.md):
 *   - checks who is asking (auth: 'public' | 'optional' | 'user' | 'admin'); the services check
 *     the signed-in user's permission again (lib/auth/permissions.ts);
 *   - parses path params, query string and JSON body with zod (bad input → 400, never 500); a
 *     query may instead be read by a function of the URLSearchParams (repeated keys kept);
 *   - maps AppError and database constraint errors to `{ message, code }` with the right status;
 *   - logs anything unexpected and answers a generic 500.
 *
 * Usage:
 *   // PUT /api/brands/{id} — edit a brand (spec §7 admin)
 *   export const PUT = route({ auth: 'admin', params: idParams, body: brandUpdateSchema },
 *     ({ user, params, body }) => updateBrand(user, params.id, body));
 *
 * A handler returns plain data (→ 200 JSON), `json(data, status)`, or any Response.
 */
import { NextResponse } from 'next/server';
import { z, type ZodType } from 'zod';
import { getRequestUser, type SessionUser } from '@/lib/auth/guards';
import { AppError } from '@/lib/server/errors';
import { authorize } from '@/lib/auth/permissions';

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

async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The request body must be valid JSON.');
  }
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
      return new AppError('bad_request', 'A value in the request is not valid.');
    default:
      return null;
  }
}

/** Maps any thrown value to an error Response. */
export function toErrorResponse(e: unknown): Response {
  const known = e instanceof AppError ? e : fromDatabaseError(e);
  if (known) return errorResponse(known.status, known.message, known.code, known.details);
  console.error('[api] unexpected error', e);
  return errorResponse(500, 'Something went wrong on our side. Please try again.', 'internal');
}

/** Wraps a route handler with auth, parsing and error mapping (see the module comment). */
export function route<A extends Auth = 'public', P = undefined, Q = undefined, B = undefined>(
  options: Options<A, P, Q, B>,
  handler: (ctx: Context<A, P, Q, B>) => Promise<unknown> | unknown,
) {
  return async (req: Request, nextCtx?: NextCtx): Promise<Response> => {
    try {
      const auth = options.auth ?? 'public';
      let user: SessionUser | null = null;
      if (auth !== 'public') {
        user = await getRequestUser(req);
        // An administrator route refuses others before reading any input, so a customer learns
        // nothing of its input rules; the service re-asserts the same rule (lib/auth/permissions.ts).
        if (auth === 'user' || auth === 'admin') authorize(user, auth);
      }
      const rawParams = (await nextCtx?.params) ?? {};
      const params = parse(options.params, rawParams, 'params');
      const search = new URL(req.url).searchParams;
      const query = typeof options.query === 'function' ? (options.query as QueryReader)(search) : parse(options.query, Object.fromEntries(search), 'query');
      let body: unknown;
      if (options.body === 'form') {
        try {
          body = await req.formData();
        } catch {
          throw new AppError('bad_request', 'The request must be multipart/form-data.');
        }
      } else if (options.body) {
        body = parse(options.body, await readJson(req), 'body');
      }
      const result = await handler({ req, user, params, query, body } as Context<A, P, Q, B>);
      if (result instanceof Response) return result;
      return json(result ?? { success: true });
    } catch (e) {
      return toErrorResponse(e);
    }
  };
}

/** `{ id }` path params as a positive integer (e.g. /api/products/{id}). */
const ID_MESSAGE = 'The id must be a positive whole number.';
export const idParams = z.object({ id: z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE) });
