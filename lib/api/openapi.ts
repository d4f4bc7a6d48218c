/**
 * The OpenAPI 3.1 document of the API, generated from the route table (lib/api/routes.ts) with zod's
 * own JSON Schema output: one component per named response schema, one operation per route and
 * method, each with its path and query parameters and request body (from the very schemas the
 * handler parses them with, as a client sends them: before defaults and transforms), its success
 * body and the `{ message, code }` error body. Built once per process (it depends only on code).
 */
import { z, type ZodType } from 'zod';
import { contracts } from '@/lib/server/contracts';
import { API_ROUTES, isJsonSchema, type FormOrJsonBody, type Method, type Operation, type RequestBody } from './routes';

type Json = Record<string, unknown>;

const REF = '#/components/schemas/';
const jsonSchemaOptions = { metadata: contracts, unrepresentable: 'any', io: 'output' } as const;
/**
 * A key of an input object is required only when its schema refuses it absent. zod marks a key
 * optional by its schema's kind (optional, default), but a preprocess that turns a missing value
 * into null (`region` of a delivery zone) accepts an absent key too: asking the schema itself
 * keeps the document to what the handler accepts.
 */
function relaxRequired({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: { required?: string[] } }) {
  const def = (zodSchema as { _zod: { def: { type: string; shape?: Record<string, ZodType> } } })._zod.def;
  if (def.type !== 'object' || !def.shape || !jsonSchema.required) return;
  const shape = def.shape;
  jsonSchema.required = jsonSchema.required.filter((key) => !shape[key]?.safeParse(undefined).success);
  if (!jsonSchema.required.length) delete jsonSchema.required;
}

/**
 * Inputs are described as the client sends them ('input': a field with a default is optional, a
 * coerced or transformed field is what goes in, not what comes out of the schema).
 */
const inputSchemaOptions = { ...jsonSchemaOptions, io: 'input', override: relaxRequired } as const;

/** One schema as JSON Schema 2020-12 with references into components (named schemas are not inlined). */
function schemaOf(schema: ZodType, options: typeof jsonSchemaOptions | typeof inputSchemaOptions = jsonSchemaOptions): Json {
  const out = z.toJSONSchema(schema, options) as Json;
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

/** An input schema; a named (component) schema inside it would be its answer's shape, so inputs inline everything. */
function inputSchemaOf(schema: ZodType): Json {
  const out = schemaOf(schema, inputSchemaOptions);
  if (JSON.stringify(out).includes(`"${REF}`)) throw new Error('An input schema refers to a named response schema; give the input its own schema.');
  return out;
}

/** The properties of an object schema (a query or params schema), with the names it requires. */
function propertiesOf(schema: ZodType): { properties: Record<string, Json>; required: string[] } {
  const json = inputSchemaOf(schema) as { properties?: Record<string, Json>; required?: string[] };
  if (!json.properties) throw new Error('A query or params schema must be an object schema.');
  return { properties: json.properties, required: json.required ?? [] };
}

/** Path parameters from the path's `{name}`s, typed by the operation's params schema where it has one. */
function pathParameters(path: string, op: Operation): Json[] {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
  const known = op.params ? propertiesOf(op.params).properties : {};
  return names.map((name) => ({ name, in: 'path', required: true, schema: known[name] ?? { type: 'string' } }));
}

/** Query parameters, one per property of the operation's query schema. */
function queryParameters(op: Operation): Json[] {
  if (!op.query) return [];
  const { properties, required } = propertiesOf(op.query);
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.includes(name), schema }));
}

/** A form-or-JSON body: the same fields either way; files and JSON text parts in the form only. */
function formOrJsonContent(body: FormOrJsonBody): Json {
  const fields = inputSchemaOf(body.fields) as { properties?: Record<string, Json>; required?: string[] };
  const members = Object.fromEntries(Object.entries(body.jsonMembers ?? {}).map(([name, schema]) => [name, inputSchemaOf(schema)]));
  const parts = Object.fromEntries(
    Object.entries(body.jsonParts ?? {}).map(([name, schema]) => [name, { type: 'string', contentMediaType: 'application/json', contentSchema: inputSchemaOf(schema) }]),
  );
  const files = Object.fromEntries(Object.entries(body.files).map(([name, description]) => [name, { type: 'array', description, items: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' } }]));
  const required = fields.required?.length ? { required: fields.required } : {};
  const encoding = Object.fromEntries(Object.keys(body.jsonParts ?? {}).map((name) => [name, { contentType: 'application/json' }]));
  return {
    'multipart/form-data': {
      schema: { type: 'object', properties: { ...fields.properties, ...parts, ...files }, ...required },
      ...(Object.keys(encoding).length ? { encoding } : {}),
    },
    'application/json': { schema: { ...fields, properties: { ...fields.properties, ...members } } },
  };
}

/** The schema of a raw answer: a file download (zip, PDF, image) is binary; other raw answers are left open. */
const rawSchema = (mediaType: string): Json => (/^(application\/(zip|pdf|octet-stream)|image\/)/.test(mediaType) ? { type: 'string', format: 'binary' } : {});

/** The requestBody object of an operation. */
function requestBody(body: RequestBody): Json {
  if (isJsonSchema(body)) {
    // A blank JSON body is read as {} (lib/http/route.ts): the body is optional when {} is valid.
    return { required: !body.safeParse({}).success, content: { 'application/json': { schema: inputSchemaOf(body) } } };
  }
  if (body === 'form') return { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } };
  if ('fields' in body) return { required: true, content: formOrJsonContent(body) };
  return { required: true, description: body.description, content: { [body.mediaType]: { schema: {} } } };
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: `${REF}Error` } } } });

function operation(method: Method, path: string, op: Operation): Json {
  const params = [...pathParameters(path, op), ...queryParameters(op)];
  const body = isJsonSchema(op.response) ? { 'application/json': { schema: schemaOf(op.response) } } : { [op.response.mediaType]: { schema: rawSchema(op.response.mediaType) } };
  return {
    operationId: `${method.toLowerCase()}${path.replace(/^\/api/, '').replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: op.summary,
    ...(op.spec ? { description: `Spec ${op.spec}.` } : {}),
    ...(op.auth === 'public' ? { security: [] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(op.body ? { requestBody: requestBody(op.body) } : {}),
    responses: {
      [op.status]: op.status === 204 ? { description: 'Done; no content' } : op.status === 303 ? { description: isJsonSchema(op.response) ? 'See Other' : op.response.description } : { description: isJsonSchema(op.response) ? 'Success' : op.response.description, content: body },
      ...(op.auth !== 'public' ? { '401': errorResponse('Not signed in') } : {}),
      ...(op.auth === 'admin' ? { '403': errorResponse('Signed in, but not an administrator') } : {}),
      default: errorResponse('Any other error: 400 invalid input, 402 payment declined, 404 missing or not yours, 409 conflict (duplicate, stock, state), 413 upload too large, 415 a JSON body not labelled application/json, 429 rate-limited, 5xx'),
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
