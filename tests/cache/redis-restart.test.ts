/**
 * Several instances on one Redis (issue 19 item 2): a Redis restart loses no revalidation, and the
 * cache works again within seconds (lib/server/cache/tag-bus.mjs). Runs its own redis-server on a
 * free port, so it can kill and restart it without touching the Redis other tests use; two
 * instances: this test's process and a child. Skipped outside CI where no redis-server is installed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';

const HANDLER = path.resolve('lib/server/cache/memory-cache-handler.mjs');
const STORE = Symbol.for('totara-home.memory-cache-handler');
const installed = spawnSync('redis-server', ['--version']).status === 0;

/** The other instance: caches two reads, reports when the first is gone after Redis came back, then caches a third and waits for its revalidation. */
const OTHER_INSTANCE = `
const { default: Handler } = await import(process.env.HANDLER);
const cache = new Handler();
const entry = (body) => ({ kind: 'FETCH', data: { headers: {}, body, status: 200, url: '' }, revalidate: 60 });
const has = async (key) => Boolean(await cache.get(key, { kind: 'FETCH', tags: [key] }));
await cache.set('product:7', entry('{"price":100}'), { fetchCache: true, tags: ['product:7'] });
await globalThis[Symbol.for('totara-home.memory-cache-handler')].bus.ready;
console.log('ready');
const wait = async (ok, seconds) => {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) { if (await ok()) return true; await new Promise((r) => setTimeout(r, 20)); }
  return false;
};
if (!(await wait(async () => !(await has('product:7')), 20))) { console.log('stale product:7 still served'); process.exit(1); }
console.log('stale entry dropped');
await cache.set('product:9', entry('{"price":90}'), { fetchCache: true, tags: ['product:9'] });
console.log('cached again');
if (!(await wait(async () => !(await has('product:9')), 10))) { console.log('product:9 never revalidated'); process.exit(1); }
console.log('bus works again');
process.exit(0);
`;

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise<void>((resolve) => redis.stdout!.on('data', (d) => String(d).includes('Ready to accept connections') && resolve()));
  return redis;
}

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const undo of cleanup.reverse()) undo();
  cleanup.length = 0;
});

describe.skipIf(!installed && !process.env.CI)('a Redis restart under two instances', () => {
  test('a price change made while Redis is down reaches the other instance when it is back, and the cache works again', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    let redis = await startRedis(port);
    cleanup.push(() => redis.kill('SIGKILL'));

    const child = spawn(process.execPath, ['--input-type=module', '-e', OTHER_INSTANCE], { env: { ...process.env, REDIS_URL: url, HANDLER }, stdio: ['ignore', 'pipe', 'inherit'] });
    cleanup.push(() => child.kill());
    let output = '';
    const said = (text: string) => new Promise<void>((resolve) => {
      const check = () => output.includes(text) && resolve();
      child.stdout!.on('data', (d) => { output += String(d); check(); });
      check();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await said('ready');

    // This instance, on the same Redis.
    const saved = process.env.REDIS_URL;
    process.env.REDIS_URL = url;
    delete (globalThis as Record<symbol, unknown>)[STORE];
    cleanup.push(() => {
      (globalThis as Record<symbol, { bus?: { close(): void } }>)[STORE]?.bus?.close();
      delete (globalThis as Record<symbol, unknown>)[STORE];
      if (saved === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = saved;
    });
    const { default: Handler } = await import(HANDLER);
    const cache = new Handler();
    await (globalThis as Record<symbol, { bus: { ready: Promise<void> } }>)[STORE].bus.ready;

    // Redis goes away; the admin saves a new price on this instance meanwhile.
    redis.kill('SIGKILL');
    await once(redis, 'exit');
    await cache.revalidateTag(['product:7'], { expire: 0 });
    expect(output).not.toContain('stale entry dropped');

    // Redis is back: the other instance drops what it cached before, and the bus works again.
    redis = await startRedis(port);
    await Promise.race([said('cached again'), exited]);
    expect(output).toContain('stale entry dropped');
    await cache.revalidateTag(['product:9'], { expire: 0 });
    expect(await exited).toBe(0);
    expect(output).toContain('stale entry dropped');
    expect(output).toContain('bus works again');
  }, 60_000);
});
