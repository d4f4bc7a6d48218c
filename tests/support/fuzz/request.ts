/**
 * One fuzzed request: its generator (per operation of the route table, from the operation's recipe)
 * and the code that turns it into a real Request, hands it to the route handler the way Next.js
 * does and reads the answer — as tests/support/http.ts `call()` does, but with the raw control over
 * headers and body bytes the hostile cases need (no content type at all, form and multipart
 * bodies, invalid JSON), and a handler that throws counted as the 500 Next would answer.
 *
 * Path parameters are passed as Next hands them to a handler: decoded, or, where a segment cannot
 * be decoded (`%ff`, `%`), as the raw text. What Next's router itself does with such a URL before
 * any handler runs is the e2e suite's to check.
 */
import fc from 'fast-check';
import { actor, bodyFrom, contentType, hostileId, invalidJsonText, ODD_CONTENT_TYPES, origin, ownOrigin, queryFrom, type ActorCase, type ContentTypeCase, type OriginCase } from './arbitraries';
import { fromPlain, toFieldText, toJsonText, type J, type RefName } from './json';
import type { Recipe } from './recipes';
import type { FuzzWorld } from './world';
import { SHOP_ORIGIN } from '../session-cookie';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A generated request, before the world's ids are filled in. */
export type FuzzCase = {
  actor: ActorCase;
  origin: OriginCase;
  /** Each path parameter: a fixture (ref) or a hostile id; `key` of /api/images is a list. */
  params: Record<string, { ref: RefName } | string | string[]>;
  query: string;
  body?: { json: J } | { text: string };
  contentType: ContentTypeCase;
  /** The odd content type, when contentType is 'odd'. */
  odd: string;
  /** Extra headers: a forged client address, a Stripe signature. */
  headers: Record<string, string>;
};

/** Names of the `{name}` parameters of an OpenAPI-style path. */
export const paramNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

const stripeSignature = fc.constantFrom('', 't=1,v1=bad', 'v1=', 't=,v1=', 't=1700000000,v1=' + 'a'.repeat(64), 'garbage', 't=99999999999999999999,v1=00');

/** Every request of one operation the fuzzer may send. */
export function fuzzCase(method: Method, path: string, auth: 'public' | 'user' | 'admin', recipe: Recipe, origins: 'own' | 'any' = 'any'): fc.Arbitrary<FuzzCase> {
  const params: Record<string, fc.Arbitrary<FuzzCase['params'][string]>> = {};
  for (const name of paramNames(path)) {
    const fixture = recipe.params?.[name];
    const one = fixture ? fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.constant({ ref: fixture }) }, { weight: 2, arbitrary: hostileId }) : hostileId;
    // /api/images/{key} is a catch-all: Next hands it over as a list of segments.
    params[name] = name === 'key' ? fc.oneof(one.map((x) => (typeof x === 'string' ? [x] : x)), fc.array(hostileId, { minLength: 0, maxLength: 3 })) : one;
  }
  const example = recipe.example === undefined ? undefined : fromPlain(recipe.example);
  const withBody = method !== 'GET';
  const body: fc.Arbitrary<FuzzCase['body']> = withBody
    ? fc.oneof(
        { withCrossShrink: true },
        { weight: recipe.body ? 8 : 2, arbitrary: bodyFrom(example).map((json) => ({ json })) },
        { weight: 2, arbitrary: invalidJsonText.map((text) => ({ text })) },
        { weight: recipe.body ? 1 : 3, arbitrary: fc.constant(undefined) },
      )
    : fc.constant(undefined);
  const headers = fc.record(
    {
      'x-forwarded-for': fc.oneof(fc.ipV4(), fc.constantFrom('unknown', ', ,', '::1', '1.2.3.4, 5.6.7.8')),
      'stripe-signature': recipe.body === 'raw' ? stripeSignature : fc.constant(''),
      accept: fc.constantFrom('application/json', '*/*', 'text/html', ''),
    },
    { requiredKeys: ['x-forwarded-for'] },
  );
  return fc.record({
    actor: actor(auth),
    origin: origins === 'own' ? ownOrigin : origin,
    params: fc.record(params),
    query: queryFrom(recipe.query?.keys ?? [], recipe.query?.example),
    body,
    contentType: withBody ? contentType : fc.constant<ContentTypeCase>('none'),
    odd: fc.constantFrom(...ODD_CONTENT_TYPES),
    headers: headers.map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>),
  });
}

/** The headers an origin case sends (a browser's Origin, Sec-Fetch-Site and Referer). */
function originHeaders(o: OriginCase): Record<string, string> {
  switch (o) {
    case 'same':
      return { origin: SHOP_ORIGIN, 'sec-fetch-site': 'same-origin', referer: `${SHOP_ORIGIN}/cart` };
    case 'same-fetch-site':
      return { 'sec-fetch-site': 'same-origin' };
    case 'absent':
      return {};
    case 'foreign':
      return { origin: 'https://evil.example' };
    case 'null':
      return { origin: 'null' };
    case 'referer-foreign':
      return { referer: 'https://evil.example/attack.html' };
    case 'other-port':
      return { origin: 'http://localhost:3001' };
    case 'cross-site-fetch':
      return { 'sec-fetch-site': 'cross-site' };
  }
}

/** The top-level fields of a body, for form and multipart encodings. */
function fieldsOf(j: J): [string, J][] {
  if (j !== null && typeof j === 'object' && 'obj' in j) return j.obj;
  return [['data', j]];
}

/** A built request, described for failure messages. */
export type Built = { request: Request; params: Record<string, string | string[]>; describe: string; bodyText: string };

const show = (s: string, max = 300) => {
  const j = JSON.stringify(s);
  return j.length > max ? `${j.slice(0, max)}… (${s.length} chars)` : j;
};

/** Turns a generated case into a Request for `method path`, filling in the world's ids and the actor's credentials. */
export function build(method: Method, path: string, c: FuzzCase, world: FuzzWorld): Built {
  const r = world.resolver;
  const params: Record<string, string | string[]> = {};
  for (const [name, v] of Object.entries(c.params)) params[name] = typeof v === 'object' && !Array.isArray(v) ? String(r.ref(v.ref)) : v;
  const pathText = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = params[name];
    // A lone surrogate cannot be percent-encoded; in a real URL it would arrive as U+FFFD.
    return (Array.isArray(v) ? v : [v]).map((s) => encodeURIComponent(s.toWellFormed())).join('/');
  });
  const url = `${SHOP_ORIGIN}${pathText}${c.query ? `?${c.query}` : ''}`;

  const headers = new Headers({ ...c.headers, ...originHeaders(c.origin), host: 'localhost:3000' });
  const a = c.actor;
  const cookies: string[] = [];
  if (a.who === 'anonymous') {
    if (a.junk?.cookie) cookies.push(a.junk.cookie);
    if (a.junk?.authorization) headers.set('authorization', a.junk.authorization);
  } else {
    const who = world[a.who];
    if (a.via === 'bearer') headers.set('authorization', `Bearer ${who.token}`);
    else cookies.push(who.cookie);
    if ('extraCookie' in a && a.extraCookie) cookies.push(a.extraCookie);
  }
  if (cookies.length) headers.set('cookie', cookies.join('; '));

  let body: BodyInit | undefined;
  let bodyText = '';
  if (c.body && method !== 'GET') {
    const text = 'json' in c.body ? toJsonText(c.body.json, r) : c.body.text;
    const fields = 'json' in c.body ? fieldsOf(c.body.json) : [['data', c.body.text] as [string, J]];
    switch (c.contentType) {
      case 'json':
        headers.set('content-type', 'application/json');
        body = bodyText = text;
        break;
      case 'json-charset':
        headers.set('content-type', 'application/json; charset=utf-8');
        body = bodyText = text;
        break;
      case 'text/plain':
        headers.set('content-type', 'text/plain;charset=UTF-8');
        body = bodyText = text;
        break;
      case 'odd':
        headers.set('content-type', c.odd);
        body = bodyText = text;
        break;
      case 'none':
        // Bytes without a type: the Request adds no content-type header.
        body = new TextEncoder().encode(text);
        bodyText = text;
        break;
      case 'form-urlencoded': {
        const p = new URLSearchParams(fields.map(([k, v]) => [k, toFieldText(v, r)]));
        headers.set('content-type', 'application/x-www-form-urlencoded');
        body = bodyText = p.toString();
        break;
      }
      case 'multipart': {
        const form = new FormData();
        for (const [k, v] of fields) form.append(k, toFieldText(v, r));
        body = form;
        bodyText = `multipart ${show(JSON.stringify(fields.map(([k, v]) => [k, toFieldText(v, r)])))}`;
        break;
      }
    }
  }
  const request = new Request(url, { method, headers, body });
  const shownHeaders = [...headers].map(([k, v]) => `${k}: ${k === 'cookie' || k === 'authorization' ? v.replace(/[A-Za-z0-9_-]{40,}(\.[A-Za-z0-9_-]+)*/g, '<token>') : show(v, 120)}`).join(', ');
  const describe = `${method} ${show(url, 400)} as ${a.who}${'via' in a ? ` (${a.via})` : a.junk ? ` (junk ${JSON.stringify(a.junk)})` : ''}\n  params ${show(JSON.stringify(params))}\n  headers ${shownHeaders}\n  body ${bodyText ? show(bodyText, 600) : '(none)'}`;
  return { request, params, describe, bodyText };
}

export type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response> | Response;

export type Answer = { status: number; text: string; body: unknown; headers: Headers; thrown?: unknown };

/** Calls the handler as Next does; a handler that throws is what Next would answer 500 for. */
export async function send(handler: Handler, built: Built): Promise<Answer> {
  try {
    const res = await handler(built.request, { params: Promise.resolve(built.params) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (an image, a CSV): the raw text.
    }
    return { status: res.status, text, body, headers: res.headers };
  } catch (thrown) {
    return { status: 500, text: String(thrown), body: null, headers: new Headers(), thrown };
  }
}

