/**
 * An API client can be generated from /api/openapi.json: openapi-typescript turns the document into
 * `paths` types, and a TypeScript file that calls every operation — each write with a valid body
 * of the route (the fuzzer's starting examples, tests/support/fuzz/recipes.ts) — must type-check
 * against them. A body the document describes wrongly (a field missing, a wrong type, a required
 * field the handler does not need) fails here as a compiler diagnostic.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, test } from 'vitest';
import { openApiDocument } from '@/lib/api/openapi';
import type { Fresh, RefName } from '../../support/fuzz/json';
import { RECIPES } from '../../support/fuzz/recipes';

type Doc = { paths: Record<string, Record<string, { requestBody?: unknown }>> };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-client-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Fixture ids the recipes point at: text for the ones that are text (a code, a credit note number, an image key), a number otherwise. */
const TEXT_REFS: Partial<Record<RefName, string>> = { discountCodeText: 'SPRING10', creditNote: 'CN-000001', image: 'a.webp' };
const FRESH: Record<Fresh['fresh'], string> = { email: 'new.customer@example.test', user_name: 'new_customer', sku: 'SKU-NEW-1', name: 'A new name' };

/** A recipe example as a plain value: fixture refs and fresh markers replaced by sample values. */
function plain(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object') {
    if ('ref' in v) return TEXT_REFS[(v as { ref: RefName }).ref] ?? 1;
    if ('fresh' in v) return FRESH[(v as Fresh).fresh];
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  }
  return v;
}

/**
 * The recipes' form examples send every field as text, as a multipart form does; a JSON client
 * sends the review's numbers as numbers (the schema coerces either).
 */
const JSON_EXAMPLES: Record<string, unknown> = {
  'POST /api/reviews': { order_item_id: 1, rating: 4, title: 'Sturdy and handsome', body: 'Took twenty minutes to put together.' },
};

/** The typed helper: a body is required exactly when the document says so, and typed by its JSON (or else multipart, or CSV) content. */
const HELPER = `
import type { paths } from './schema';

type Content<O> = O extends { requestBody?: infer R } ? (R extends { content: infer C } ? C : never) : never;
type BodyOf<C> = C extends { 'application/json': infer J } ? J : C extends { 'multipart/form-data': infer F } ? F : C extends { 'text/csv': infer T } ? T : never;
type Init<O> = O extends { requestBody: { content: unknown } } ? { body: BodyOf<Content<O>> } : [Content<O>] extends [never] ? { body?: undefined } : { body?: BodyOf<Content<O>> };
type Methods = 'get' | 'post' | 'put' | 'patch' | 'delete';

declare function call<P extends keyof paths, M extends Methods & keyof paths[P]>(path: P, method: M, init: Init<NonNullable<paths[P][M]>>): Promise<Response>;
`;

describe('a client generated from /api/openapi.json', () => {
  test('openapi-typescript generates its types, and a call of every operation with a valid body type-checks', async () => {
    const doc = openApiDocument() as Doc;
    const types = astToString(await openapiTS(doc as unknown as OpenAPI3, { silent: true }));
    fs.writeFileSync(path.join(dir, 'schema.ts'), types);

    const calls: string[] = [];
    const missing: string[] = [];
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(methods)) {
        const key = `${m.toUpperCase()} ${p}`;
        if (!op.requestBody) {
          calls.push(`void call(${JSON.stringify(p)}, ${JSON.stringify(m)}, {});`);
          continue;
        }
        const example = JSON_EXAMPLES[key] ?? RECIPES[key]?.example;
        if (example === undefined) missing.push(key);
        else calls.push(`void call(${JSON.stringify(p)}, ${JSON.stringify(m)}, { body: ${JSON.stringify(plain(example))} });`);
      }
    }
    expect(missing, 'operations with a documented body and no example').toEqual([]);
    expect(calls.length).toBeGreaterThan(70);
    const file = path.join(dir, 'calls.ts');
    fs.writeFileSync(file, `${HELPER}\n${calls.join('\n')}\n`);

    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} ` : '';
      const line = d.file && d.start !== undefined ? d.file.text.split('\n')[d.file.getLineAndCharacterOfPosition(d.start).line].slice(0, 160) : '';
      return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}\n    ${line}`;
    });
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
