/**
 * Input hygiene where requests enter (docs/accounts-and-security.md): control characters,
 * prototype keys and deep nesting are refused with a 400 AppError; the products query schema
 * (API and the /products page) refuses control characters with its usual message.
 */
import { describe, expect, test } from 'vitest';
import { AppError } from '@/lib/server/errors';
import { CONTROL_CHARACTERS_MESSAGE, MAX_JSON_DEPTH, assertCleanEntries, assertCleanInput, hasControlCharacters, isJsonMediaType, parseJsonInput } from '@/lib/server/text-input';
import { parseProductQuery, promotionsPageQuery, queryRecord, readProductQuery } from '@/lib/catalog/query-schema';

/** The AppError a function throws (fails the test when it throws nothing or something else). */
function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error('expected an AppError');
}

describe('hasControlCharacters', () => {
  test('NUL, the other C0 controls, DEL and C1 controls count; tab, newline and CR do not', () => {
    for (const c of ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001f', '\u007f', '\u0080', '\u009f']) expect(hasControlCharacters(`a${c}b`), JSON.stringify(c)).toBe(true);
    for (const ok of ['a\tb', 'a\nb', 'a\r\nb', 'POÄNG – sofa', '日本語', '👍', '\u00a0']) expect(hasControlCharacters(ok), ok).toBe(false);
  });
});

describe('assertCleanInput', () => {
  test('a control character in a string or a key, at any depth → 400 naming the path', () => {
    const e = thrown(() => assertCleanInput({ a: [{ b: 'x\u0000' }] }, 'body'));
    expect(e.status).toBe(400);
    expect(e.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(e.details).toMatchObject({ in: 'body', errors: [{ path: 'a.0.b' }] });
    expect(thrown(() => assertCleanInput({ ['k\u001b']: 1 }, 'body')).message).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  test('__proto__, constructor and prototype keys → 400; other names pass', () => {
    for (const text of ['{"__proto__":{}}', '{"a":{"constructor":{"prototype":{}}}}', '[{"prototype":1}]']) {
      expect(thrown(() => assertCleanInput(JSON.parse(text), 'body')).status).toBe(400);
    }
    expect(() => assertCleanInput({ name: 'Chair', toString: 'x', list: [1, null, true, 'a\tb'] }, 'body')).not.toThrow();
  });

  test(`nesting deeper than ${MAX_JSON_DEPTH} levels → 400, without recursion`, () => {
    expect(() => assertCleanInput(JSON.parse('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)), 'body')).not.toThrow();
    expect(thrown(() => assertCleanInput(JSON.parse('['.repeat(50_000) + ']'.repeat(50_000)), 'body')).status).toBe(400);
  });
});

describe('parseJsonInput and assertCleanEntries', () => {
  test('blank → {}; not JSON → 400 with the given message; clean JSON → the value', () => {
    expect(parseJsonInput('  ')).toEqual({});
    expect(thrown(() => parseJsonInput('{nope', 'Bad JSON.')).message).toBe('Bad JSON.');
    expect(parseJsonInput('{"a":[1,"b"]}')).toEqual({ a: [1, 'b'] });
    expect(thrown(() => parseJsonInput('{"a":"\\u0000"}')).message).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  test('query and form names and text values are checked; files are not', () => {
    expect(thrown(() => assertCleanEntries(new URLSearchParams('q=%00abc'), 'query')).details).toMatchObject({ in: 'query' });
    expect(thrown(() => assertCleanEntries(new URLSearchParams('constructor=1'), 'query')).status).toBe(400);
    const form = new FormData();
    form.append('images', new File(['\u0000binary'], 'a.png'));
    form.append('name', 'Chair');
    expect(() => assertCleanEntries(form, 'body')).not.toThrow();
  });

  test('isJsonMediaType: application/json and +json, any parameters', () => {
    for (const t of ['application/json', 'Application/JSON; charset=utf-8', 'application/merge-patch+json']) expect(isJsonMediaType(t), t).toBe(true);
    for (const t of [null, '', 'text/plain', 'text/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) expect(isJsonMediaType(t), String(t)).toBe(false);
  });
});

describe('the products query (GET /api/products, /products page)', () => {
  test('a NUL in the search text or a filter value is a bad query with the usual message', () => {
    expect(readProductQuery({ query: '\u0000abc' }).error).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(readProductQuery({ style: ['modern', 'x\u0007'] }).error).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(thrown(() => parseProductQuery(new URLSearchParams('q=%00abc'))).status).toBe(400);
  });

  test('the /products page shows its bad-query message and the unfiltered list for ?query=%00abc', () => {
    const { state, error } = readProductQuery({ query: '\u0000abc' });
    expect(error).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(state.q).toBeFalsy();
  });

  test('the promotions page falls back to every offer for a campaign with a control character', () => {
    expect(promotionsPageQuery.safeParse({ campaign: 'Sale\u0000' }).success).toBe(false);
  });

  test('parameters named __proto__, constructor or toString are just ignored names', () => {
    const record = queryRecord(new URLSearchParams('__proto__=1&constructor=2&toString=3&q=sofa'));
    expect(record.q).toEqual(['sofa']);
    expect(parseProductQuery(new URLSearchParams('constructor=2&toString=3&q=sofa'))).toMatchObject({ q: 'sofa' });
    expect(({} as Record<string, unknown>).push).toBeUndefined();
  });
});
