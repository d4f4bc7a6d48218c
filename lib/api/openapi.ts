/**
 * The OpenAPI 3.1 document of the API, generated from the response contracts (each domain's contracts.ts)
 * with zod's own JSON Schema output: one component per named schema, one operation per route and
 * method of API_ROUTES, each with its success body and the `{ message, code }` error body.
 * Built once per process (it depends only on code).
 */
import { z, type ZodType } from 'zod';
import { contracts } from '@/lib/server/contracts';
import { API_ROUTES, isJsonSchema, type Method, type Operation } from './routes';

type Json = Record<string, unknown>;

const REF = '#/components/schemas/';
const jsonSchemaOptions = { metadata: contracts, unrepresentable: 'any', io: 'output' } as const;

/** One schema as JSON Schema 2020-12 with references into components (named schemas are not inlined). */
function schemaOf(schema: ZodType): Json {
  const out = z.toJSONSchema(schema, jsonSchemaOptions) as Json;
  // The named schemas zod inlines under $defs are components already.
  delete out.$schema;
  delete out.$defs;
  return JSON.parse(JSON.stringify(out).replaceAll('"#/$defs/', `"${REF}`)) as Json;
}

/** Every named schema (registered in `contracts` with an id), as components. */
function components(): Record<string, Json> {
  const { schemas } = z.toJSONSchema(contracts, { ...jsonSchemaOptions, uri: (id) => `${REF}${id}` }) as { schemas: Record<string, Json> };
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return schemas;
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: `${REF}Error` } } } });

function operation(method: Method, path: string, op: Operation): Json {
  const params = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const body = isJsonSchema(op.response) ? { 'application/json': { schema: schemaOf(op.response) } } : { [op.response.mediaType]: { schema: {} } };
  return {
    operationId: `${method.toLowerCase()}${path.replace(/^\/api/, '').replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: op.summary,
    ...(op.spec ? { description: `Spec ${op.spec}.` } : {}),
    ...(op.auth === 'public' ? { security: [] } : {}),
    ...(params.length ? { parameters: params } : {}),
    responses: {
      [op.status]: { description: isJsonSchema(op.response) ? 'Success' : op.response.description, content: body },
      ...(op.auth !== 'public' ? { '401': errorResponse('Not signed in') } : {}),
      ...(op.auth === 'admin' ? { '403': errorResponse('Signed in, but not an administrator') } : {}),
      default: errorResponse('Any other error: 400 invalid input, 402 payment declined, 404 missing or not yours, 409 conflict (duplicate, stock, state), 413 upload too large, 429 rate-limited, 5xx'),
    },
  };
}

let cached: Json | undefined;

/** The whole document (the same object on every call). */
export function openApiDocument(): Json {
  cached ??= {
    openapi: '3.1.0',
    info: {
      title: 'Totara Home API',
      version: '1.0.0',
      description:
        'The REST contract of the furniture shop (spec §7). Money is in decimal units of the store currency; dates are ISO 8601. Every error answers `{ message, code }`. Signed-in calls send `Authorization: Bearer <token>` (POST /api/users/login) or the session cookie.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    paths: Object.fromEntries(
      Object.entries(API_ROUTES).map(([path, methods]) => [
        path,
        Object.fromEntries(Object.entries(methods).map(([method, op]) => [method.toLowerCase(), operation(method as Method, path, op as Operation)])),
      ]),
    ),
    components: {
      schemas: components(),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'next-auth.session-token' },
      },
    },
  };
  return cached;
}
