/**
 * fast-check generators of hostile input (docs/accounts-and-security.md): wrong types, missing and
 * extra fields, NUL and other control characters, huge strings and numbers, deep nesting,
 * prototype keys, repeated query keys, bad percent-encoding, path ids that are negative, huge,
 * fractional or text. Valid examples of each route (tests/support/fuzz/recipes.ts) are mutated so
 * that the hostile part reaches past the first field check into the service and the database.
 */
import fc from 'fast-check';
import { fromPlain, nodes, update, type J } from './json';

/** Control and odd characters: NUL, C0 and C1 controls, DEL, line/paragraph separators, BOM, bidi override, lone surrogates. */
export const CONTROL_CHARS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\r', '\u001b', '\u001f', '\u007f', '\u0080', '\u009f', '\u2028', '\u202e', '\ufeff', '\ud800', '\udfff', '\uffff'];

const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  '%00',
  '\\u0000',
  "'",
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  '2147483648',
  '0x1f',
  'true',
  '[]',
  '{}',
  '😀',
  'İ',
  '\u0000',
  'a\u0000b',
];

/** A control character, NUL most often (PostgreSQL refuses it in text: the classic 500). */
export const controlChar = fc.oneof({ weight: 1, arbitrary: fc.constant('\u0000') }, { weight: 1, arbitrary: fc.constantFrom(...CONTROL_CHARS) });

/** A short string with one control character somewhere in it. */
export const withControl = fc.tuple(fc.string({ maxLength: 10 }), controlChar, fc.string({ maxLength: 10 })).map(([a, c, b]) => a + c + b);

/** A string of 1,000 to 200,000 repeated characters. */
const hugeString = fc.tuple(fc.constantFrom(1_000, 20_000, 200_000), fc.constantFrom('a', '\u0000', 'é', '😀', ' ')).map(([n, c]) => c.repeat(n));

/** Hostile text: nasty constants, control characters, arbitrary code units (lone surrogates too), huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 4, arbitrary: withControl },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 16 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 1, arbitrary: hugeString },
);

/** Hostile numbers: negative, fractional, beyond int4/int8/2^53, tiny, -0. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 0.5, 1.5, 2 ** 31 - 1, 2 ** 31, 2 ** 53 + 2, 2 ** 63, 1e21, 1e308, -1e308, 5e-324, -2147483649),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** JSON number text JavaScript cannot hold: 1e400, 400 digits, -0. */
const rawNumber = fc.constantFrom('1e400', '-1e400', '1'.repeat(400), '-0', '0.0000000000000000000000001', '123456789012345678901234567890');

/** Prototype and other special keys, control characters in keys, arbitrary keys. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString') },
  { weight: 2, arbitrary: fc.constantFrom('valueOf', 'hasOwnProperty', '__defineGetter__', 'then', '', ' ', '\u0000', 'a\u0000b', 'is_admin', 'isAdmin', 'user_id', 'id') },
  { weight: 1, arbitrary: withControl },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** JSON text nested `depth` levels deep (arrays or objects). */
export const deepJson = fc
  .tuple(fc.constantFrom(64, 1_000, 50_000), fc.boolean())
  .map(([depth, arrays]): J => ({ raw: arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) }));

/** A hostile JSON value of any type (small trees, deep nesting, prototype keys). */
export const hostileValue: fc.Arbitrary<J> = fc.letrec<{ value: J }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: hostileString as fc.Arbitrary<J> },
    { weight: 2, arbitrary: hostileNumber as fc.Arbitrary<J> },
    { weight: 1, arbitrary: fc.constantFrom<J>(null, true, false) },
    { weight: 1, arbitrary: rawNumber.map((raw): J => ({ raw })) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }).map((arr): J => ({ arr })) },
    { weight: 1, arbitrary: fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 3 }).map((obj): J => ({ obj })) },
    { weight: 1, arbitrary: deepJson },
  ),
})).value;

/** One change to a valid body; `at` picks a node (modulo the number of candidates). */
export type Mutation =
  | { kind: 'replace'; at: number; value: J }
  | { kind: 'drop'; at: number }
  | { kind: 'extra'; at: number; key: string; value: J }
  | { kind: 'duplicate'; at: number; value: J }
  | { kind: 'control'; at: number; char: string; pos: number }
  | { kind: 'prototype'; at: number; key: string; value: J };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('extra' as const), at: fc.nat(), key: hostileKey, value: hostileValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), value: hostileValue }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('control' as const), at: fc.nat(), char: controlChar, pos: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('prototype' as const),
      at: fc.nat(),
      key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'),
      value: fc.oneof(fc.constantFrom<J>(1, 'x', null, fromPlain({ prototype: { x: 1 } }), fromPlain({ isAdmin: true })), hostileValue),
    }),
  },
);

const isObjNode = (j: J): j is { obj: [string, J][] } => j !== null && typeof j === 'object' && 'obj' in j;
const isStringNode = (j: J): j is string => typeof j === 'string';

/** Applies a mutation to a body (a no-op when it finds no node of the kind it needs). */
export function applyMutation(body: J, m: Mutation): J {
  const all = nodes(body);
  const pick = <T>(list: T[]) => (list.length ? list[m.at % list.length] : undefined);
  switch (m.kind) {
    case 'replace': {
      const n = pick(all);
      return n ? (update(body, n.path, () => m.value) ?? body) : body;
    }
    case 'drop': {
      const n = pick(all.filter((x) => x.path.length > 0));
      return n ? (update(body, n.path, () => undefined) ?? body) : body;
    }
    case 'extra':
    case 'prototype':
    case 'duplicate': {
      const n = pick(all.filter((x) => isObjNode(x.node)));
      if (!n) return body;
      return (
        update(body, n.path, (node) => {
          const obj = (node as { obj: [string, J][] }).obj;
          if (m.kind === 'extra' || m.kind === 'prototype') return { obj: [...obj, [m.key, m.value]] };
          const first = obj[m.at % Math.max(obj.length, 1)];
          return first ? { obj: [...obj, [first[0], m.value]] } : node;
        }) ?? body
      );
    }
    case 'control': {
      const n = pick(all.filter((x) => isStringNode(x.node)));
      if (!n) return body;
      return (
        update(body, n.path, (node) => {
          const s = node as string;
          const i = m.pos % (s.length + 1);
          return s.slice(0, i) + m.char + s.slice(i);
        }) ?? body
      );
    }
  }
}

/** A body from a valid example: the example itself, one to three mutations of it, or any hostile value. */
export function bodyFrom(example: J | undefined): fc.Arbitrary<J> {
  const base = example ?? fromPlain({});
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 2, arbitrary: fc.constant(base) },
    { weight: 6, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => ms.reduce(applyMutation, base)) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Request bodies that are not JSON at all. */
export const invalidJsonText = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,]', "{'a':1}", 'nul', 'undefined', 'NaN', '\u0000', '{"a":"\u0000"}', '\ufeff{}', '{"a":1}garbage', '""', '0', 'true', ' '),
  fc.string({ maxLength: 40 }),
);

/** Path ids: negative, zero, fractional, beyond int4 and 2^53, text, blank, NUL, percent-encoded as Next would hand it over (decoded or, when it cannot decode, raw). */
export const hostileId: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '-0',
      '1.5',
      '1e3',
      '0x1f',
      '+1',
      ' 1',
      '1 ',
      '2147483648',
      '9007199254740993',
      '99999999999999999999',
      'abc',
      '',
      'NaN',
      'Infinity',
      'null',
      '__proto__',
      'constructor',
      '１',
      '%ff',
      '%',
      '%E0%A4%A',
      '%00',
      '\u0000',
      '1\u0000',
      '..',
      'a/b',
      '\ufffd',
    ),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: hostileString },
);

/** A query value: hostile text or numbers as text. */
const queryValue = fc.oneof({ weight: 3, arbitrary: hostileString.filter((s) => s.length <= 20_000) }, { weight: 1, arbitrary: hostileNumber.map(String) });

/** A raw tail spliced into the query string as is: bad percent-encoding, empty keys, many keys. */
const rawQueryTail = fc.constantFrom('', '', '', '&%', '&a=%ff', '&%zz=1', '&q=%E0%A4%A', '&=', '&&&', '&page=1&page=2&page=-1', '&' + 'x=1&'.repeat(2_000));

/** A query string (without `?`) over the route's known keys, hostile keys and repeated keys. */
export function queryFrom(known: string[], example: Record<string, string> = {}): fc.Arbitrary<string> {
  const key = known.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: hostileKey }) : hostileKey;
  const hostile = fc.array(fc.tuple(key, queryValue), { maxLength: 4 });
  const clean = fc.boolean().map((keepExample) => (keepExample ? new URLSearchParams(example).toString() : ''));
  const dirty = fc.tuple(fc.boolean(), hostile, rawQueryTail).map(([keepExample, pairs, tail]) => {
    const p = new URLSearchParams(keepExample ? Object.entries(example) : []);
    for (const [k, v] of pairs) p.append(k, v);
    return p.toString() + tail;
  });
  // Clean more often than not, so that a hostile body or path id is not always refused for its query first.
  return fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: clean }, { weight: 2, arbitrary: dirty });
}

/** Who sends the request. Cookie requests of an actor may carry a junk cookie beside the session. */
export type ActorCase =
  | { who: 'anonymous'; junk?: { cookie?: string; authorization?: string } }
  | { who: 'customer' | 'admin'; via: 'bearer' | 'cookie'; extraCookie?: string };

const junkCookie = fc.constantFrom(
  'next-auth.session-token=%',
  'next-auth.session-token=%E0%A4%A',
  'next-auth.session-token=garbage',
  'next-auth.session-token=',
  '__Secure-next-auth.session-token=eyJhbGciOiJub25lIn0.e30.',
  'next-auth.session-token.0=abc; next-auth.session-token.1=def',
  'next-auth.callback-url=foo',
  'next-auth.csrf-token=%',
);
const junkAuthorization = fc.constantFrom('Bearer', 'Bearer ', 'Bearer x.y.z', 'Basic YTpi', 'Bearer ' + 'a'.repeat(10_000), 'bearer null', 'Bearer eyJhbGciOiJub25lIn0.eyJ1aWQiOjF9.');

const signedIn = (who: 'customer' | 'admin', bearer: number, cookie: number) => [
  { weight: bearer, arbitrary: fc.constant<ActorCase>({ who, via: 'bearer' }) },
  {
    weight: cookie,
    arbitrary: fc
      .option(fc.constantFrom('next-auth.callback-url=foo', 'theme=%E0', 'a', 'next-auth.csrf-token=%'), { nil: undefined, freq: 3 })
      .map((extraCookie): ActorCase => ({ who, via: 'cookie', extraCookie })),
  },
];

/** Who asks, weighted towards the role the route serves so most requests get past the sign-in check. */
export function actor(auth: 'public' | 'user' | 'admin'): fc.Arbitrary<ActorCase> {
  const [customer, admin] = auth === 'admin' ? [[1, 2], [3, 4]] : auth === 'user' ? [[3, 4], [1, 2]] : [[2, 2], [2, 2]];
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 2, arbitrary: fc.constant<ActorCase>({ who: 'anonymous' }) },
    {
      weight: 1,
      arbitrary: fc
        .record({ cookie: fc.option(junkCookie, { nil: undefined }), authorization: fc.option(junkAuthorization, { nil: undefined }) })
        .map((junk): ActorCase => ({ who: 'anonymous', junk })),
    },
    ...signedIn('customer', customer[0], customer[1]),
    ...signedIn('admin', admin[0], admin[1]),
  );
}

/**
 * Where the request says it comes from. `same*` are the shop's own pages (http://localhost:3000:
 * its Origin, or only `Sec-Fetch-Site: same-origin`); the others are what a cross-site request
 * forgery looks like: a foreign Origin, `Origin: null`, only a foreign Referer, the same
 * site on another port, `Sec-Fetch-Site: cross-site`, or no origin at all.
 */
export type OriginCase = 'same' | 'same-fetch-site' | 'absent' | 'foreign' | 'null' | 'referer-foreign' | 'other-port' | 'cross-site-fetch';
export const NOT_OWN_ORIGINS: OriginCase[] = ['foreign', 'null', 'referer-foreign', 'other-port', 'cross-site-fetch', 'absent'];
/** Only the shop's own pages. */
export const ownOrigin: fc.Arbitrary<OriginCase> = fc.oneof({ weight: 6, arbitrary: fc.constant<OriginCase>('same') }, { weight: 1, arbitrary: fc.constant<OriginCase>('same-fetch-site') });
/** Any origin, the shop's own more often than not. */
export const origin: fc.Arbitrary<OriginCase> = fc.oneof(
  { withCrossShrink: true },
  { weight: 6, arbitrary: fc.constant<OriginCase>('same') },
  { weight: 1, arbitrary: fc.constant<OriginCase>('same-fetch-site') },
  { weight: 5, arbitrary: fc.constantFrom<OriginCase>(...NOT_OWN_ORIGINS) },
);

/** How the body is declared: mostly JSON; the "simple" types a hostile page can send without a preflight; none; odd ones. */
export type ContentTypeCase = 'json' | 'json-charset' | 'text/plain' | 'form-urlencoded' | 'multipart' | 'none' | 'odd';
export const contentType: fc.Arbitrary<ContentTypeCase> = fc.oneof(
  { withCrossShrink: true },
  { weight: 8, arbitrary: fc.constant<ContentTypeCase>('json') },
  { weight: 1, arbitrary: fc.constant<ContentTypeCase>('json-charset') },
  { weight: 5, arbitrary: fc.constantFrom<ContentTypeCase>('text/plain', 'form-urlencoded', 'multipart', 'none', 'odd') },
);
export const ODD_CONTENT_TYPES = ['application/xml', 'APPLICATION/JSON', 'application/json; charset=utf-16', 'application/vnd.api+json', 'multipart/form-data', 'text/html; charset=%', '*/*'];
