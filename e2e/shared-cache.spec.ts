import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createSeededDatabase, freePort, onServer, postgresAnswers, redisInstalled, startRedis, stop } from './support/processes';
import { ADMIN } from './support/sign-in';

// Several instances on one PostgreSQL and one Redis (docs/architecture.md "Caching"): two
// `next start` processes of this build share the page cache through Redis
// (lib/server/cache/cache-handler.mjs), so an admin's price change on one shows on the other as
// soon as the write's tag expiry has run (Next.js runs it just after the write's answer), and a
// Redis restart loses no write and leaves no request failing or hanging.
// This spec starts its own PostgreSQL database, redis-server (no persistence, as docs/operations.md asks)
// and the two instances on free ports; it needs the build the journeys' web server made.
// Skipped outside CI where redis-server or PostgreSQL (E2E_PG_URL) is missing.

/** How long instance B's link holds each answer of Redis (see slowLink). */
const SLOW_LINK_MS = 150;
/**
 * How long after a write's 200 the other instance may still serve the old page: Next.js runs a
 * route handler's revalidateTag after the answer has gone out (vercel/next.js#83822), so the
 * expiry reaches Redis a moment later. A liveness bound, not a speed target.
 */
const EXPIRY_BOUND_S = 5;
/** Liveness bound for one request: a Redis outage must not hold a request (not a speed target). */
const REQUEST_LIMIT_MS = 10_000;

/**
 * A TCP relay to Redis that holds each of Redis's answers for `delayMs` before passing it on: an
 * instance with a slow link to the shared cache (another zone, a busy network). Every command still
 * answers well within the cache handler's REDIS_TIMEOUT_MS, only later. Closing either side closes
 * the other, so a Redis restart reaches the instance as it would over a direct connection.
 */
async function slowLink(redisPort: number, delayMs: number): Promise<{ port: number; close: () => void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(redisPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => setTimeout(() => client.writable && client.write(chunk), delayMs));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => setTimeout(() => client.destroy(), delayMs));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

type Instance = { url: string; process: ChildProcess };

/** One `next start` of this build, ready when /api/health?ready answers. */
async function startShop(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.resolve('node_modules/.bin/next'), 'start', '-p', String(port)], {
    env: { ...process.env, ...env, SITE_URL: url, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`next start on ${port} exited (${child.exitCode})`);
    const ok = await fetch(`${url}/api/health?ready`).then((r) => r.ok, () => false);
    if (ok) return { url, process: child };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`next start on ${port} did not become ready`);
}

/** GET with the liveness bound; the status and body as a shopper's browser would get them. */
async function get(url: string) {
  const res = await fetch(url, { signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
  return { status: res.status, cache: res.headers.get('x-nextjs-cache'), body: await res.text() };
}

/** Repeats `read` until `ok` holds, for at most `seconds`; the last value. */
async function poll<T>(read: () => Promise<T>, ok: (value: T) => boolean, seconds: number): Promise<T> {
  const until = Date.now() + seconds * 1000;
  let value = await read();
  while (!ok(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

/** A price as the shop prints it (lib/money.ts formatMoney, NZD). */
const price = (dollars: number) => new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD' }).format(dollars);
/** Whether a page's HTML shows the price (a boolean, so that a failure does not print the whole page). */
const shows = (html: string, dollars: number) => html.includes(price(dollars));

test.describe('two instances on one PostgreSQL and one Redis', () => {
  test.describe.configure({ mode: 'serial' });
  test.skip(!process.env.CI && !redisInstalled(), 'redis-server is not installed');

  const dbName = `shop_shared_cache_${crypto.randomBytes(4).toString('hex')}`;
  let databaseUrl = '';
  let redisPort = 0;
  let redis: ChildProcess | undefined;
  let a: Instance | undefined;
  let b: Instance | undefined;
  let link: Awaited<ReturnType<typeof slowLink>> | undefined;
  let token = '';
  let productId = 0;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    test.skip(!process.env.CI && !(await postgresAnswers()), 'no PostgreSQL at E2E_PG_URL');
    databaseUrl = await createSeededDatabase(dbName);

    redisPort = await freePort();
    redis = await startRedis(redisPort);
    // One secret for both: a token signed by one instance is accepted by the other.
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: `redis://127.0.0.1:${redisPort}`, AUTH_SECRET: crypto.randomBytes(32).toString('base64') };
    // B reaches Redis over a slow link (another zone, a busy network): its expiries still reach A.
    link = await slowLink(redisPort, SLOW_LINK_MS);
    [a, b] = await Promise.all([startShop(env), startShop({ ...env, REDIS_URL: `redis://127.0.0.1:${link.port}` })]);

    const login = await fetch(`${a.url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
    // The first product of the /products listing, so that both its page and the listing show its price.
    const list = (await (await fetch(`${b.url}/api/products?limit=1`)).json()) as { products: { product_id: number }[] };
    productId = list.products[0].product_id;
  });

  test.afterAll(async () => {
    await Promise.all([stop(a?.process), stop(b?.process), stop(redis)]);
    link?.close();
    if (databaseUrl) await onServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  });

  /** An admin's price change through the API of `instance`. */
  async function setPrice(instance: Instance, dollars: number) {
    const res = await fetch(`${instance.url}/api/products/${productId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ price: dollars }),
      signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
    });
    expect(res.status).toBe(200);
  }

  /** The product page and the listing on `instance`, read until the page is served from the cache. */
  async function warm(instance: Instance) {
    for (const page of [`/products/${productId}`, '/products']) {
      const read = await poll(() => get(`${instance.url}${page}`), (r) => r.cache === 'HIT', 15);
      expect(read.cache, `${page} served from the cache`).toBe('HIT');
    }
  }

  /** The page on `instance`, read until it shows the price, for at most EXPIRY_BOUND_S. */
  const showsSoon = async (instance: Instance, page: string, dollars: number) =>
    shows((await poll(() => get(`${instance.url}${page}`), (r) => r.status === 200 && shows(r.body, dollars), EXPIRY_BOUND_S)).body, dollars);

  test("an admin's price change on one instance shows on the other's product page and listing within moments", async () => {
    await warm(b!);
    await setPrice(a!, 1234.5);
    expect(await showsSoon(b!, `/products/${productId}`, 1234.5), "B's product page shows the new price").toBe(true);
    expect(await showsSoon(b!, '/products', 1234.5), "B's listing shows the new price").toBe(true);

    // And back the other way, from the instance with the slow link.
    await warm(a!);
    await setPrice(b!, 987.25);
    expect(await showsSoon(a!, `/products/${productId}`, 987.25), `A/products/${productId} shows 987.25`).toBe(true);
    expect(await showsSoon(a!, '/products', 987.25), `A/products shows 987.25`).toBe(true);
  });

  test('a Redis restart loses no price change and pages are cached again within seconds', async () => {
    await setPrice(a!, 1111.75);
    await warm(b!);

    // Redis goes away (SIGKILL: nothing written anywhere). Requests still answer 200, rendered
    // without the cache, and an admin's price change made meanwhile succeeds and shows.
    await stop(redis);
    for (const instance of [a!, b!]) {
      for (const page of ['/', '/products', `/products/${productId}`]) expect((await get(`${instance.url}${page}`)).status).toBe(200);
    }
    await setPrice(a!, 2222.25);
    expect(await showsSoon(b!, `/products/${productId}`, 2222.25), `B/products/${productId} shows 2222.25`).toBe(true);

    // Redis is back (empty): the change made while it was down is what both instances serve,
    // from the cache again within seconds.
    redis = await startRedis(redisPort);
    for (const instance of [a!, b!]) {
      const read = await poll(() => get(`${instance.url}/products/${productId}`), (r) => r.cache === 'HIT', 15);
      expect(read.status).toBe(200);
      expect(shows(read.body, 2222.25), 'the price changed while Redis was down').toBe(true);
      expect(shows(read.body, 1111.75), 'the price from before the restart').toBe(false);
      expect(read.cache).toBe('HIT');
    }

    // The shared cache is coherent again: a change on A shows on B.
    await setPrice(a!, 3333.5);
    expect(await showsSoon(b!, `/products/${productId}`, 3333.5), `B/products/${productId} shows 3333.5`).toBe(true);
  });
});
