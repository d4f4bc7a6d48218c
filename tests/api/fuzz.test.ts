/**
 * Hostile input over the whole route table (docs/accounts-and-security.md): for
 * every operation of lib/api/routes.ts (next-auth's own endpoints aside), fast-check sends generated
 * requests through the real route handler on the real database, as a visitor, a customer and an
 * administrator (bearer token or session cookie) — wrong types, missing and extra fields, NUL and
 * control characters, huge strings and numbers, deep nesting, prototype keys, repeated query keys,
 * bad path ids, wrong content types, invalid JSON, and cross-site request forgery's headers — and
 * checks that:
 *   - nothing answers 5xx, and no answer carries internal text (SQL, column names, stack frames);
 *   - every error is `{ message, code }` (lib/server/contracts.ts errorJson);
 *   - a customer never gets a 2xx from an administrator route, nor a visitor from a signed-in one;
 *   - a 4xx wrote nothing (tests/support/fuzz/writes.ts);
 *   - a state-changing request signed in by the session cookie is refused (403, or 415 for its
 *     content type) unless it comes from the shop's own origin — a foreign Origin, `Origin: null`,
 *     only a foreign Referer, another port, no origin at all — and only such a request is refused
 *     as cross-site (the shop's own pages and bearer tokens are not);
 *   - a JSON route never accepts a body sent as text/plain, form or multipart (the "simple"
 *     requests another site's page can send without a preflight);
 *   - a 2xx answers the operation's status and body schema.
 *
 * The bodies start from each operation's valid example (tests/support/fuzz/recipes.ts) and, about
 * half the time a JSON body is sent, are aimed at the fields /api/openapi.json documents for it
 * (tests/api/fuzz-fields.ts: values at and past each field's type and rules, the fields the example
 * leaves out too); the query keys tried include every documented query parameter.
 *
 * One property per operation and family of rules (`input` for all 77 operations, `origin` for the
 * 48 writes: see Rules below), each with a fixed seed and FUZZ_RUNS requests (default 40: 5,000
 * requests), so `npm test` is reproducible; FUZZ_RUNS=90 sends 11,250 and FUZZ_SEED
 * changes the seed. A failure prints the seed and the shrunk request; replay one operation with
 *   FUZZ_SEED=<seed> npx vitest run tests/api/fuzz.test.ts -t '<METHOD /path>'
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ZodType } from 'zod';
import { errorJson } from '@/lib/server/contracts';
import { openApiDocument } from '@/lib/api/openapi';
import { API_ROUTES, isJsonSchema, type Operation } from '@/lib/api/routes';
import { CROSS_SITE_MESSAGE } from '@/lib/server/csrf';
import { NOT_OWN_ORIGINS } from '../support/fuzz/arbitraries';
import { RECIPES, type Recipe } from '../support/fuzz/recipes';
import { startPaypalStandIn, type PaypalStandIn } from '../support/paypal-stand-in';
import { fromPlain } from '../support/fuzz/json';
import { build, fuzzCase, send, type Answer, type Built, type FuzzCase, type Handler, type Method } from '../support/fuzz/request';
import { FuzzWorld } from '../support/fuzz/world';
import { WriteWatch } from '../support/fuzz/writes';
import { loadRouteHandlers } from '../support/route-files';
import { aimedBody, type JsonSchema } from './fuzz-fields';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || 40);
const FIXED_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const BASE_SEED = 2023;

/** Every operation we serve (next-auth's own endpoints are the e2e suite's). */
const OPERATIONS = Object.entries(API_ROUTES).flatMap(([p, methods]) =>
  Object.entries(methods)
    .filter(([, op]) => !op.external)
    .map(([m, op]) => [`${m} ${p}`, m as Method, p, op as Operation] as const),
);

/** What /api/openapi.json documents of an operation's input. */
type DocumentedInput = { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema?: JsonSchema }> } };
const DOCUMENT = openApiDocument() as { paths: Record<string, Record<string, DocumentedInput>> };
const documented = (p: string, method: Method): DocumentedInput | undefined => DOCUMENT.paths[p]?.[method.toLowerCase()];
/** The JSON request body schema of an operation (a form-or-JSON body has one too), if it documents one. */
const bodySchemaOf = (p: string, method: Method) => documented(p, method)?.requestBody?.content['application/json']?.schema;

/** A stable seed per property (family and operation), so adding a route does not reshuffle the others; FUZZ_SEED overrides it. */
const seedFor = (key: string) => FIXED_SEED ?? [...key].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, BASE_SEED);


const handlers = new Map<string, Handler>();
let world: FuzzWorld;
let paypal: PaypalStandIn;
const watch = new WriteWatch();
let uploadDir: string;
const tally = { requests: 0, byStatus: {} as Record<number, number>, byOperation: {} as Record<string, Record<number, number>>, started: 0 };

beforeAll(async () => {
  tally.started = Date.now();
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-uploads-'));
  process.env.UPLOAD_DIR = uploadDir;
  // Webhooks are configured, so a request without a valid signature must answer 400 (not 502).
  process.env.STRIPE_WEBHOOK_SECRET = 'whsec_fuzz';
  paypal = await startPaypalStandIn();
  Object.assign(process.env, paypal.env);
  for (const [key, handler] of await loadRouteHandlers()) handlers.set(key, handler as Handler);
  world = await FuzzWorld.create(uploadDir);
}, 120_000);

afterAll(async () => {
  delete process.env.UPLOAD_DIR;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  for (const k of Object.keys(paypal.env)) delete process.env[k];
  await paypal.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
  const seconds = ((Date.now() - tally.started) / 1000).toFixed(1);
  if (COLLECT) {
    const lines = [...findings].sort(([a], [b]) => a.localeCompare(b)).map(([kind, f]) => `${kind} ×${f.count}\n  e.g. ${f.example}`);
    console.log(`[fuzz] ${findings.size} findings\n${lines.join('\n')}`);
    console.log(`[fuzz] answers per operation\n${Object.entries(tally.byOperation).map(([op, by]) => `${op} ${JSON.stringify(by)}`).join('\n')}`);
  }
  console.log(`[fuzz] ${tally.requests} requests over ${OPERATIONS.length} operations (FUZZ_RUNS=${RUNS}) in ${seconds} s; by status: ${JSON.stringify(tally.byStatus)}`);
});

/** Text that must never reach a client: SQL and driver messages, column names, stack frames, paths. */
const INTERNAL = /password_hash|token_version|invalid byte sequence|violates .* constraint|syntax error at|relation "|column "|\bat \S+ \(|node_modules|\.tsx?:\d+|TypeError|RangeError/;

/**
 * FUZZ_TRACE=1 prints every request's answer. FUZZ_COLLECT=1 makes a survey instead of a test:
 * every rule broken is recorded (with the shortest request per operation and rule) and printed at
 * the end, with the answers per operation; nothing fails. For reports, not for CI.
 */
const COLLECT = process.env.FUZZ_COLLECT === '1';
const findings = new Map<string, { count: number; example: string }>();

const SIMPLE_TYPES: FuzzCase['contentType'][] = ['text/plain', 'form-urlencoded', 'multipart'];

/**
 * The two families of rules, each its own property so that one kind of failure never hides the
 * other: `input` — what hostile input must never do (5xx, a malformed error, a write on a 4xx,
 * internal text, a 2xx past the role check, a 2xx off its schema), sent from the shop's own origin
 * so cookie requests get as deep as bearer ones; `origin` — the rules for requests from
 * elsewhere (CSRF, JSON bodies only), plus no 5xx.
 */
type Rules = 'input' | 'origin';

/** One request and its answer, as the rules see it. */
type Exchange = { method: Method; op: Operation; recipe: Recipe; c: FuzzCase; built: Built; answer: Answer; changed: string[] };

const isOk = (status: number) => status >= 200 && status < 300;
const byCookie = (c: FuzzCase) => c.actor.who !== 'anonymous' && c.actor.via === 'cookie';

/** What hostile input must never do. */
function inputProblems({ op, c, answer, changed }: Exchange): string[] {
  const problems: string[] = [];
  const { status } = answer;
  if (status >= 400) {
    const parsed = errorJson.safeParse(answer.body);
    if (!parsed.success) problems.push(`the error body is not { message, code }: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  if (status >= 400 && status < 500 && changed.length) problems.push(`a ${status} wrote to ${changed.join(', ')}`);
  if (INTERNAL.test(answer.text) && !/^image\//.test(answer.headers.get('content-type') ?? '')) problems.push('the answer carries internal text');
  if (isOk(status) && op.auth === 'admin' && c.actor.who === 'customer') problems.push('a customer got a 2xx from an administrator route');
  if (isOk(status) && op.auth !== 'public' && c.actor.who === 'anonymous') problems.push('a visitor got a 2xx from a signed-in route');
  if (isOk(status)) {
    if (status !== op.status) problems.push(`success status ${status}, the table says ${op.status}`);
    else if (isJsonSchema(op.response)) {
      const parsed = (op.response as ZodType).safeParse(answer.body);
      if (!parsed.success) problems.push(`the answer does not match its schema: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    } else {
      const type = answer.headers.get('content-type') ?? '';
      if (!type.startsWith(op.response.mediaType.replace('/*', '/'))) problems.push(`content-type ${type}, the table says ${op.response.mediaType}`);
    }
  }
  return problems;
}

/** The rules for requests from elsewhere: CSRF, JSON bodies only (that personal answers say private, no-store is tests/api/cache-control.test.ts's). */
function originProblems({ method, op, recipe, c, built, answer }: Exchange): string[] {
  const problems: string[] = [];
  const { status } = answer;
  const write = method !== 'GET';
  const foreign = NOT_OWN_ORIGINS.includes(c.origin);
  if (byCookie(c) && write && op.auth !== 'public' && foreign && status !== 403 && status !== 415) {
    problems.push(`a cross-site request with the session cookie (${c.origin}) answered ${status}, not 403`);
  }
  if (status === 403 && (answer.body as { message?: unknown } | null)?.message === CROSS_SITE_MESSAGE && !(byCookie(c) && foreign)) {
    problems.push(`refused as cross-site, but it ${byCookie(c) ? `came from the shop's own page (${c.origin})` : 'was not signed in by the session cookie'}`);
  }
  if (recipe.body === 'json' && built.bodyText.trim() && SIMPLE_TYPES.includes(c.contentType) && status < 400) {
    problems.push(`a JSON route accepted a ${c.contentType} body (${status}); it must refuse it (415)`);
  }
  return problems;
}

/** Sends one generated request and throws a description of every rule (of the family) it breaks. */
async function check(rules: Rules, method: Method, p: string, op: Operation, recipe: Recipe, handler: Handler, c: FuzzCase) {
  const built = build(method, p, c, world);
  await watch.before();
  const answer = await send(handler, built);
  const changed = await watch.changedTables();
  const { status } = answer;
  tally.requests++;
  tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
  if (process.env.FUZZ_TRACE) console.log(`[fuzz] ${rules} ${method} ${p} ${JSON.stringify(c.actor)} ${c.origin} ${c.contentType} → ${status} ${answer.text.slice(0, 160)}`);
  if (COLLECT) {
    const perOp = (tally.byOperation[`${method} ${p}`] ??= {});
    perOp[status] = (perOp[status] ?? 0) + 1;
  }

  const exchange: Exchange = { method, op, recipe, c, built, answer, changed };
  const problems = [
    ...(status >= 500 ? [`answered ${status}${answer.thrown ? ` (the handler threw ${String(answer.thrown)})` : ''}`] : []),
    ...(rules === 'input' ? inputProblems(exchange) : originProblems(exchange)),
  ];

  if (isOk(status) && method !== 'GET') {
    // A hostile request that succeeded may have used up a fixture or changed an actor.
    world.dirty = true;
    await world.heal();
  }
  if (problems.length) {
    const shown = answer.text.length > 600 ? `${answer.text.slice(0, 600)}…` : answer.text;
    const report = `${problems.join('; ')}\n  ${built.describe}\n  → ${status} ${shown}`;
    if (!COLLECT) throw new Error(report);
    for (const problem of problems) {
      const kind = `${rules}: ${method} ${p} — ${problem.replace(/\d+/g, 'N').replace(/\(.*\)/, '(…)')}`;
      const seen = findings.get(kind);
      if (!seen || report.length < seen.example.length) findings.set(kind, { count: (seen?.count ?? 0) + 1, example: report });
      else seen.count++;
    }
  }
}

describe('fuzz — the route table', () => {
  test('every operation has a handler and a recipe', () => {
    expect(OPERATIONS.map(([key]) => key).filter((key) => !handlers.has(key))).toEqual([]);
    expect(OPERATIONS.map(([key]) => key).filter((key) => !RECIPES[key])).toEqual([]);
  });

  test('every JSON body is aimed at documented fields', () => {
    const unaimed = OPERATIONS.filter(([key, method, p]) => RECIPES[key]?.body && RECIPES[key].body !== 'raw' && RECIPES[key].body !== 'csv' && !aimedBody(bodySchemaOf(p, method), undefined)).map(([key]) => key);
    // The settings are a key-value map checked key by key: its schema names no field to aim at.
    expect(unaimed).toEqual(['PUT /api/settings']);
  });
});

/** The recipe, with every query parameter the operation documents among the keys the fuzzer tries. */
function withDocumentedQuery(recipe: Recipe, p: string, method: Method): Recipe {
  const names = (documented(p, method)?.parameters ?? []).filter((x) => x.in === 'query').map((x) => x.name);
  if (!names.length) return recipe;
  return { ...recipe, query: { keys: [...new Set([...(recipe.query?.keys ?? []), ...names])], example: recipe.query?.example } };
}

/**
 * The requests of one operation: the recipe's cases, where a JSON body is replaced, half the time,
 * by one aimed at the documented fields (the other families — mutated examples, any hostile value,
 * invalid JSON, no body — keep their share).
 */
function cases(method: Method, p: string, op: Operation, recipe: Recipe, origins: 'own' | 'any'): fc.Arbitrary<FuzzCase> {
  const base = fuzzCase(method, p, op.auth, recipe, origins);
  const aimed = method === 'GET' ? undefined : aimedBody(bodySchemaOf(p, method), recipe.example === undefined ? undefined : fromPlain(recipe.example));
  if (!aimed) return base;
  return fc.tuple(base, fc.option(aimed, { freq: 2, nil: undefined })).map(([c, json]) => (json !== undefined && c.body && 'json' in c.body ? { ...c, body: { json } } : c));
}

/** The operations an origin rule applies to: the writes. */
const ORIGIN_OPERATIONS = OPERATIONS.filter(([, method]) => method !== 'GET');

/** One property per operation: FUZZ_RUNS generated requests, checked against one family of rules. */
async function fuzz(rules: Rules, key: string, method: Method, p: string, op: Operation) {
  const handler = handlers.get(key);
  const recipe = RECIPES[key] && withDocumentedQuery(RECIPES[key], p, method);
  if (!handler || !recipe) throw new Error(`${key}: no handler or recipe (see the first test)`);
  await world.refresh();
  await fc.assert(
    fc.asyncProperty(cases(method, p, op, recipe, rules === 'input' ? 'own' : 'any'), (c) => check(rules, method, p, op, recipe, handler, c)),
    { numRuns: RUNS, seed: seedFor(`${rules} ${key}`) },
  );
}

const TIMEOUT = Math.max(120_000, RUNS * 2_000);

describe(`fuzz — hostile input, ${RUNS} requests per operation`, () => {
  test.each(OPERATIONS)('%s', (key, method, p, op) => fuzz('input', key, method, p, op), TIMEOUT);
});

describe(`fuzz — requests from elsewhere, ${RUNS} requests per operation`, () => {
  test.each(ORIGIN_OPERATIONS)('%s', (key, method, p, op) => fuzz('origin', key, method, p, op), TIMEOUT);
});
