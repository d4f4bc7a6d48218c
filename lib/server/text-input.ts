/**
 * Input hygiene for text that enters through the route wrapper (docs/architecture.md "Route
 * handlers are thin"; docs/accounts-and-security.md): one rule for JSON bodies, query strings, path params and
 * form fields, applied before anything reaches a schema, a lookup or the database.
 *
 *   - No control characters in any string or object key, except tab, newline and carriage return
 *     (NUL, the other C0 controls, DEL and the C1 controls): PostgreSQL refuses NUL in text, and
 *     none of them belongs in a name, an address or a search.
 *   - No `__proto__`, `constructor` or `prototype` keys, at any depth: such a key must never reach
 *     a lookup (`rules[key]`) or a merge (`Object.assign`), so it is refused rather than stripped.
 *   - At most MAX_JSON_DEPTH levels of nesting (no API body comes close).
 *
 * Browser-safe (no server-only imports): zod schemas shared with forms use `hasControlCharacters`.
 */
import { AppError } from '@/lib/server/errors';

/** C0 controls except tab (\u0009), newline (\u000A) and carriage return (\u000D); DEL; C1 controls. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The message of a refused control character (400). */
export const CONTROL_CHARACTERS_MESSAGE = 'Text may not contain control characters.';

/** Keys that name or reach an object's prototype. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Deepest nesting of arrays and objects accepted in a JSON value. */
export const MAX_JSON_DEPTH = 32;

/** Which part of the request a problem is in (the `in` field of a 400 answer). */
export type InputPart = 'params' | 'query' | 'body';

/** True when the text holds a control character other than tab, newline or carriage return. */
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);

/** True for `__proto__`, `constructor` and `prototype`. */
export const isPrototypeKey = (key: string): boolean => PROTOTYPE_KEYS.has(key);

function refuse(message: string, path: string, part: InputPart): AppError {
  return new AppError('bad_request', message, { errors: [{ path, message }], in: part });
}

function checkKey(key: string, path: string, part: InputPart): void {
  if (hasControlCharacters(key)) throw refuse(CONTROL_CHARACTERS_MESSAGE, path, part);
  if (isPrototypeKey(key)) throw refuse(`The name "${key}" is not allowed in a request.`, path, part);
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * Checks every string and key of a parsed value (JSON, a params record) against the rules above,
 * without recursion (a deeply nested body cannot exhaust the stack).
 * @param part where the value came from, named in the 400 answer
 * @throws AppError bad_request (400) naming the first offending path
 */
export function assertCleanInput(value: unknown, part: InputPart): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (hasControlCharacters(v)) throw refuse(CONTROL_CHARACTERS_MESSAGE, path, part);
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_JSON_DEPTH) throw refuse(`The request is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`, path, part);
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: join(path, i), depth: depth + 1 }));
      continue;
    }
    for (const key of Object.keys(v)) {
      checkKey(key, join(path, key), part);
      stack.push({ value: (v as Record<string, unknown>)[key], path: join(path, key), depth: depth + 1 });
    }
  }
}

/**
 * Checks every name and value of a query string or a form (text parts; files are checked by their
 * own upload rules).
 * @throws AppError bad_request (400) naming the first offending name
 */
export function assertCleanEntries(entries: Iterable<[string, FormDataEntryValue]>, part: InputPart): void {
  for (const [key, value] of entries) {
    checkKey(key, key, part);
    if (typeof value === 'string' && hasControlCharacters(value)) throw refuse(CONTROL_CHARACTERS_MESSAGE, key, part);
  }
}

/**
 * Parses a JSON text and checks it with assertCleanInput.
 * @param invalidMessage the 400 message when the text is not JSON
 * @returns the value; `{}` for a blank text
 * @throws AppError bad_request (400) for text that is not JSON or breaks a rule above
 */
export function parseJsonInput(text: string, invalidMessage = 'The request body must be valid JSON.', part: InputPart = 'body'): unknown {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('bad_request', invalidMessage);
  }
  assertCleanInput(value, part);
  return value;
}

/** The message of a JSON body sent under another media type (415). */
export const JSON_ONLY_MESSAGE = 'Send the request body as JSON, with Content-Type: application/json.';

/** True for `application/json` and the `application/*+json` types, any parameters. */
export function isJsonMediaType(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}
