/**
 * Hostile bodies aimed at the fields an operation documents. The request body's JSON Schema in
 * /api/openapi.json (lib/api/openapi.ts, generated from the zod schema the handler parses with)
 * names the real fields and their types, so the fuzzer (tests/api/fuzz.test.ts) can give each field
 * a value at or just past its rules — one character over its maxLength, one under its minimum, a
 * fraction for a whole number, a near miss of an enum, one item more than allowed, the wrong type,
 * NUL and control characters — and reach the fields a valid example leaves out, not only those it
 * happens to carry. A valid example stays the base, so the other fields still pass and the hostile
 * one gets as deep as it can.
 */
import fc from 'fast-check';
import { controlChar, hostileNumber, hostileString, hostileValue, withControl } from '../support/fuzz/arbitraries';
import { fromPlain, type J } from '../support/fuzz/json';

/** The parts of JSON Schema 2020-12 that zod's output uses and the fuzzer reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

/** Where a field sits in a body: object keys, and 0 for the first item of an array. */
type FieldPath = (string | 0)[];
/** One documented field: its place, its schema and whether its object requires it. */
export type Field = { path: FieldPath; schema: JsonSchema; required: boolean };

/** A schema and the alternatives it allows (anyOf, oneOf, allOf), flattened. */
function variants(s: JsonSchema): JsonSchema[] {
  return [s, ...[...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap(variants)];
}

const typesOf = (s: JsonSchema): string[] => variants(s).flatMap((v) => (Array.isArray(v.type) ? v.type : v.type ? [v.type] : []));

/** Nesting followed into objects and arrays: deep enough for an order's lines and a new address. */
const MAX_DEPTH = 3;

/** Every field a body schema documents, nested objects and array items included. */
export function documentedFields(schema: JsonSchema, path: FieldPath = [], depth = 0): Field[] {
  if (depth > MAX_DEPTH) return [];
  const out: Field[] = [];
  for (const v of variants(schema)) {
    for (const [name, sub] of Object.entries(v.properties ?? {})) {
      const at = [...path, name];
      out.push({ path: at, schema: sub, required: v.required?.includes(name) ?? false }, ...documentedFields(sub, at, depth + 1));
    }
    if (v.items) out.push({ path: [...path, 0], schema: v.items, required: false }, ...documentedFields(v.items, [...path, 0], depth + 1));
  }
  // One field per place: the variants of a union that share a key are one target with their schemas as alternatives.
  const byPlace = new Map<string, Field>();
  for (const f of out) {
    const key = JSON.stringify(f.path);
    const seen = byPlace.get(key);
    byPlace.set(key, seen ? { ...seen, schema: { anyOf: [seen.schema, f.schema] }, required: seen.required || f.required } : f);
  }
  return [...byPlace.values()];
}

const isObj = (j: J): j is { obj: [string, J][] } => j !== null && typeof j === 'object' && 'obj' in j;
const isArr = (j: J): j is { arr: J[] } => j !== null && typeof j === 'object' && 'arr' in j;

/** A copy of the body with `value` at `path`, creating the objects and arrays on the way (undefined removes the field). */
export function setAt(j: J, path: FieldPath, value: J | undefined): J {
  if (path.length === 0) return value ?? null;
  const [head, ...rest] = path;
  const emptyFor = (next: string | 0 | undefined): J => (next === 0 ? { arr: [] } : { obj: [] });
  if (head === 0) {
    const arr = isArr(j) ? [...j.arr] : [];
    if (value === undefined && rest.length === 0) return { arr: arr.slice(1) };
    arr[0] = setAt(arr[0] ?? emptyFor(rest[0]), rest, value);
    return { arr };
  }
  const obj = isObj(j) ? [...j.obj] : [];
  const i = obj.findIndex(([k]) => k === head);
  if (value === undefined && rest.length === 0) return { obj: i < 0 ? obj : obj.filter((_, n) => n !== i) };
  const next = setAt(i < 0 ? emptyFor(rest[0]) : obj[i][1], rest, value);
  if (i < 0) obj.push([head, next]);
  else obj[i] = [head, next];
  return { obj };
}

/** A JSON array of n copies of one item, as raw text (so a 10,000-item list costs one string). */
const rawList = (n: number, item: string): J => ({ raw: `[${Array.from({ length: n }, () => item).join(',')}]` });

/** Values at and past a string's documented rules. */
function stringEdges(v: JsonSchema): J[] {
  const out: J[] = [];
  if (v.maxLength !== undefined && v.maxLength < 100_000) out.push('a'.repeat(v.maxLength), 'a'.repeat(v.maxLength + 1), 'é'.repeat(v.maxLength + 1), ' '.repeat(v.maxLength + 1));
  if (v.minLength !== undefined) out.push('a'.repeat(Math.max(0, v.minLength - 1)), ' '.repeat(v.minLength));
  if (v.pattern || v.format) out.push('x', '0', '-1', '2026-02-30', '9999-99-99', 'a@b', '@example.test', 'a'.repeat(300));
  return out;
}

/** Values at and past a number's documented bounds (a fraction for a whole number). */
function numberEdges(v: JsonSchema, integer: boolean): J[] {
  const out: J[] = [];
  if (v.minimum !== undefined) out.push(v.minimum, v.minimum - 1, v.minimum - 0.5);
  if (v.exclusiveMinimum !== undefined) out.push(v.exclusiveMinimum, v.exclusiveMinimum - 1);
  if (v.maximum !== undefined) out.push(v.maximum, v.maximum + 1, v.maximum + 0.5);
  if (v.exclusiveMaximum !== undefined) out.push(v.exclusiveMaximum);
  if (integer) out.push(1.5, 0.1, 2 ** 31, 2 ** 53 + 2);
  return out;
}

/** Near misses of an allowed value: other case, padded, with NUL, cut short. */
function nearMisses(allowed: unknown[]): J[] {
  return allowed.flatMap((x): J[] => {
    if (typeof x === 'string') return [x.toUpperCase(), ` ${x}`, `${x} `, `${x}\u0000`, x.slice(0, -1), `${x}x`];
    if (typeof x === 'number') return [x + 1, -x, String(x)];
    if (typeof x === 'boolean') return [String(x), x ? 1 : 0];
    return [];
  });
}

/** Hostile values for one documented field, by its documented type and rules, plus values of every type it does not take. */
export function hostileFor(schema: JsonSchema): fc.Arbitrary<J> {
  const types = new Set(typesOf(schema));
  const edges: J[] = [];
  const arbitraries: fc.Arbitrary<J>[] = [];
  for (const v of variants(schema)) {
    if (v.enum) edges.push(...nearMisses(v.enum));
    if (v.const !== undefined) edges.push(...nearMisses([v.const]));
    const vt = Array.isArray(v.type) ? v.type : v.type ? [v.type] : [];
    if (vt.includes('string')) edges.push(...stringEdges(v));
    if (vt.includes('integer') || vt.includes('number')) edges.push(...numberEdges(v, vt.includes('integer') && !vt.includes('number')));
    if (vt.includes('array')) {
      edges.push({ arr: [] }, rawList((v.maxItems ?? 1_000) + 1, '1'), rawList(10_000, 'null'));
      if (v.minItems) edges.push(rawList(v.minItems - 1, '1'));
    }
  }
  if (types.has('string')) arbitraries.push(withControl as fc.Arbitrary<J>, hostileString as fc.Arbitrary<J>, controlChar as fc.Arbitrary<J>);
  if (types.has('integer') || types.has('number')) arbitraries.push(hostileNumber as fc.Arbitrary<J>, hostileNumber.map((n): J => String(n)), fc.constantFrom<J>({ raw: '1e400' }, { raw: '-0' }, 'NaN', ''));
  if (types.has('boolean')) edges.push('true', 'false', 1, 0, 'yes', 'on');
  // The wrong type: a field never documented as that type must refuse it cleanly.
  const wrong: J[] = [];
  if (!types.has('string')) wrong.push('', 'abc', '1');
  if (!types.has('integer') && !types.has('number')) wrong.push(0, -1, 1e308);
  if (!types.has('boolean')) wrong.push(true, false);
  if (!types.has('null')) wrong.push(null);
  if (!types.has('array')) wrong.push({ arr: [] }, { arr: ['a', 1] });
  if (!types.has('object')) wrong.push({ obj: [] });
  wrong.push(fromPlain({ isAdmin: true }), { obj: [['__proto__', fromPlain({ isAdmin: true })]] });
  return fc.oneof(
    { withCrossShrink: true },
    ...(edges.length ? [{ weight: 4, arbitrary: fc.constantFrom(...edges) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...wrong) },
    ...arbitraries.map((arbitrary) => ({ weight: 2, arbitrary })),
    { weight: 1, arbitrary: hostileValue },
  );
}

/**
 * Bodies aimed at the documented fields: a valid example (or an empty body) with one or two of its
 * fields given a hostile value for their type, or a required field left out. Undefined when the
 * schema documents no field (a raw webhook event, a free-form map).
 */
export function aimedBody(schema: JsonSchema | undefined, example: J | undefined): fc.Arbitrary<J> | undefined {
  const fields = schema ? documentedFields(schema) : [];
  if (!fields.length) return undefined;
  const base = example ?? fromPlain(typesOf(schema!).includes('array') ? [] : {});
  const edit = fc.oneof(
    ...fields.map((f) => {
      const set = hostileFor(f.schema).map((value) => ({ path: f.path, value }));
      return f.required ? fc.oneof({ weight: 5, arbitrary: set }, { weight: 1, arbitrary: fc.constant({ path: f.path, value: undefined }) }) : set;
    }),
  );
  return fc.array(edit, { minLength: 1, maxLength: 2 }).map((edits) => edits.reduce((j, e) => setAt(j, e.path, e.value), base));
}
