/** GET /api/openapi.json — the OpenAPI 3.1 document generated from the response contracts (each domain's contracts.ts, listed in lib/api/routes.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { GET } from '@/app/api/openapi.json/route';
import { API_ROUTES, pathOfRouteFile } from '@/lib/api/routes';

const routeFiles = (dir: string): string[] =>
  fs.readdirSync(path.join(process.cwd(), dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routeFiles(`${dir}/${e.name}`) : e.name === 'route.ts' ? [`${dir}/${e.name}`] : []));

/** Every `$ref` anywhere in a JSON value. */
const refsIn = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(refsIn) : value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [v] : refsIn(v))) : [];

describe('GET /api/openapi.json', () => {
  test('answers a cacheable OpenAPI 3.1 JSON document', async () => {
    const res = GET();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    const doc = JSON.parse(await res.text());
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
  });

  test('lists every route file of app/api with each of its methods', async () => {
    const doc = await GET().json();
    const filePaths = routeFiles('app/api').map(pathOfRouteFile).sort();
    expect(Object.keys(doc.paths).sort()).toEqual(filePaths);
    for (const [p, methods] of Object.entries(API_ROUTES)) expect(Object.keys(doc.paths[p]).sort(), p).toEqual(Object.keys(methods).map((m) => m.toLowerCase()).sort());
  });

  test('a file download is documented as binary: the data export zip, the invoice PDF', async () => {
    const doc = await GET().json();
    expect(doc.paths['/api/profile/data-export'].get.responses['200'].content['application/zip'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(doc.paths['/api/users/{id}/data-export'].get.responses['200'].content['application/zip'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(doc.paths['/api/orders/{id}/invoice'].get.responses['200'].content['application/pdf'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(doc.paths['/api/profile/close'].post.requestBody.content['application/json'].schema.required).toEqual(['password']);
  });

  test('has components for the named schemas, and every $ref resolves to one', async () => {
    const doc = await GET().json();
    const schemas = doc.components.schemas as Record<string, { type?: string; properties?: Record<string, unknown>; required?: string[] }>;
    for (const name of ['Error', 'Product', 'ProductPage', 'Category', 'Cart', 'Order', 'User', 'Address', 'Contact', 'PaymentMethod', 'Dashboard']) expect(schemas[name], name).toBeDefined();
    expect(schemas.Error.required).toEqual(expect.arrayContaining(['message', 'code']));
    expect(schemas.Product.properties).toHaveProperty('product_id');
    expect(schemas.Product.properties).toHaveProperty('price');
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      expect(ref.startsWith('#/components/schemas/'), ref).toBe(true);
      expect(schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
  });

  test('every operation has a success response with content (none for a 204 or a 303 redirect), and an error response', async () => {
    const doc = await GET().json();
    for (const [p, methods] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>)) {
      for (const [m, op] of Object.entries(methods)) {
        const ok = Object.keys(op.responses).filter((s) => /^2\d\d$|^303$/.test(s));
        expect(ok, `${m} ${p}`).toHaveLength(1);
        if (ok[0] === '204' || ok[0] === '303') expect(op.responses[ok[0]].content, `${m} ${p}`).toBeUndefined();
        else expect(op.responses[ok[0]].content, `${m} ${p}`).toBeDefined();
        expect(op.responses.default, `${m} ${p}`).toBeDefined();
      }
    }
  });
});
