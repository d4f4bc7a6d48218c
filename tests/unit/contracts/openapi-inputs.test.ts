/**
 * The route table (lib/api/routes.ts) documents each operation's input with the very schemas its
 * handler parses: for every route file of app/api, the `params`, `query` and `body` it hands to
 * route() (lib/http/route.ts) are the same objects as the table's — so /api/openapi.json cannot
 * describe a body or query the handler does not read. route() is wrapped here to record the options
 * of each handler it makes; nothing else about it changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import type { ZodType } from 'zod';
import { openApiDocument } from '@/lib/api/openapi';
import { API_ROUTES, isJsonSchema, pathOfRouteFile, type Method, type Operation } from '@/lib/api/routes';
import { parseProductExportQuery, parseProductQuery, productExportQuerySchema, productQuerySchema } from '@/lib/catalog/query-schema';

type Options = { auth?: string; params?: unknown; query?: unknown; body?: unknown };

const declared = vi.hoisted(() => new WeakMap<object, Options>());

vi.mock('@/lib/http/route', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/http/route')>();
  const route: typeof real.route = (options, handler) => {
    const made = real.route(options, handler);
    declared.set(made, options as Options);
    return made;
  };
  return { ...real, route };
});

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const root = process.cwd();

const routeFiles = (dir = 'app/api'): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routeFiles(`${dir}/${e.name}`) : e.name === 'route.ts' ? [`${dir}/${e.name}`] : []));

/** A query read by a function of the URLSearchParams: the schema that function applies. */
const QUERY_READERS = new Map<unknown, ZodType>([
  [parseProductQuery, productQuerySchema],
  [parseProductExportQuery, productExportQuerySchema],
]);

/**
 * Path params schemas that stay in their route file, documented as plain string parameters: the
 * image key is a catch-all list of segments, and the credit note's schema extends idParams with a
 * number parser that has no home outside the route.
 */
const UNDOCUMENTED_PARAMS = new Set(['GET /api/images/{key}', 'GET /api/orders/{id}/credit-notes/{number}']);

type Declared = { key: string; op: Operation; options: Options | undefined };

async function declaredOperations(): Promise<Declared[]> {
  const out: Declared[] = [];
  for (const file of routeFiles()) {
    const mod = (await import(path.join(root, file))) as Record<string, unknown>;
    const p = pathOfRouteFile(file);
    for (const m of METHODS) {
      if (typeof mod[m] !== 'function') continue;
      const op = API_ROUTES[p]?.[m];
      if (!op) throw new Error(`${m} ${p} is not in API_ROUTES`);
      out.push({ key: `${m} ${p}`, op, options: declared.get(mod[m] as object) });
    }
  }
  return out;
}

const operations = await declaredOperations();

describe('the route table names the input schemas its handlers parse', () => {
  test('route() made nearly every handler; the table documents no input for the others', () => {
    expect(operations.filter(({ options }) => options).length).toBeGreaterThan(70);
    // GET /api/openapi.json (a static document) and next-auth's own endpoints read no input of ours.
    const unwrapped = operations.filter(({ options }) => !options);
    expect(unwrapped.filter(({ op }) => op.body || op.query || op.params).map(({ key }) => key)).toEqual([]);
  });

  test.each(operations.filter(({ options }) => options).map((d) => [d.key, d] as const))('%s', (key, { op, options }) => {
    const { body, query, params } = options!;

    // A JSON schema or 'form' given to route() is the table's body, the same object.
    if (body !== undefined) expect(op.body, `${key} body`).toBe(body);
    // A handler that reads its body itself may document it (a form-or-JSON or raw body), but never as a schema route() parses.
    else expect(isJsonSchema(op.body) || op.body === 'form', `${key}: the table documents a body route() does not parse`).toBe(false);

    if (typeof query === 'function') {
      expect(QUERY_READERS.has(query), `${key}: a query reader without a known schema (add it to QUERY_READERS)`).toBe(true);
      expect(op.query, `${key} query`).toBe(QUERY_READERS.get(query));
    } else {
      expect(op.query, `${key} query`).toBe(query);
    }

    if (UNDOCUMENTED_PARAMS.has(key)) expect(op.params, `${key} params`).toBeUndefined();
    else expect(op.params, `${key} params`).toBe(params);
  });
});

describe('/api/openapi.json describes those inputs', () => {
  const doc = openApiDocument() as { paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: unknown }[]; requestBody?: { content: Record<string, unknown> } }>> };
  const documented = Object.entries(API_ROUTES).flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => [`${m} ${p}`, p, m, op] as const));

  test.each(documented)('%s', (_, p, m, op) => {
    const out = doc.paths[p][m.toLowerCase()];
    expect(Boolean(out.requestBody), 'requestBody').toBe(Boolean(op.body));
    if (isJsonSchema(op.body)) expect(Object.keys(out.requestBody!.content)).toEqual(['application/json']);
    if (op.body && typeof op.body === 'object' && 'fields' in op.body) expect(Object.keys(out.requestBody!.content).sort()).toEqual(['application/json', 'multipart/form-data']);

    const queryNames = (out.parameters ?? []).filter((x) => x.in === 'query').map((x) => x.name);
    if (op.query) expect(queryNames.length, 'query parameters').toBeGreaterThan(0);
    else expect(queryNames).toEqual([]);

    const pathNames = (out.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name);
    expect(pathNames).toEqual([...p.matchAll(/\{([^}]+)\}/g)].map((x) => x[1]));
    // A documented params schema types every path parameter (none falls back to a plain string).
    if (op.params) for (const param of (out.parameters ?? []).filter((x) => x.in === 'path')) expect(param.schema, `${param.name}`).not.toEqual({ type: 'string' });
  });
});
