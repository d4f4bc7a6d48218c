/**
 * Several server instances behind a load balancer (docs/architecture.md "Scale, past one machine"): an admin
 * save revalidates tags on the instance that handled it, and with REDIS_URL set every other
 * instance drops what it cached under those tags (lib/server/cache/tag-bus.mjs). Two real processes: this
 * test's and a child that plays the other instance. Needs the Redis of REDIS_URL
 * (redis://127.0.0.1:6379 by default); skipped outside CI when none answers.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import Redis from 'ioredis';
import { afterEach, describe, expect, test } from 'vitest';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const HANDLER = path.resolve('lib/server/cache/memory-cache-handler.mjs');
const STORE = Symbol.for('totara-home.memory-cache-handler');

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const available = await redisAnswers();

/** The other instance: caches a product read (tag product:7) and another (product:8), then reports when the first is gone. */
const OTHER_INSTANCE = `
const { default: Handler } = await import(process.env.HANDLER);
const cache = new Handler();
const entry = (body) => ({ kind: 'FETCH', data: { headers: {}, body, status: 200, url: '' }, revalidate: 60 });
await cache.set('product:7', entry('{"stock":3}'), { fetchCache: true, tags: ['products', 'product:7'] });
await cache.set('product:8', entry('{"stock":9}'), { fetchCache: true, tags: ['products', 'product:8'] });
await globalThis[Symbol.for('totara-home.memory-cache-handler')].bus.ready;
console.log('ready');
const until = Date.now() + 10_000;
while (Date.now() < until) {
  if (!(await cache.get('product:7', { kind: 'FETCH', tags: ['product:7'] }))) {
    const kept = await cache.get('product:8', { kind: 'FETCH', tags: ['product:8'] });
    console.log(kept ? 'product:7 dropped, product:8 kept' : 'both dropped');
    process.exit(0);
  }
  await new Promise((r) => setTimeout(r, 20));
}
console.log('product:7 still cached');
process.exit(1);
`;

let restore: (() => void)[] = [];
afterEach(() => {
  for (const undo of restore) undo();
  restore = [];
});

describe.skipIf(!available && !process.env.CI)('cache invalidation across server instances (REDIS_URL)', () => {
  test('a tag revalidated on one instance drops what another instance cached under it, and only that', async () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', OTHER_INSTANCE], { env: { ...process.env, REDIS_URL, HANDLER }, stdio: ['ignore', 'pipe', 'inherit'] });
    restore.push(() => child.kill());
    let output = '';
    const lines = new Promise<void>((resolve) => child.stdout.on('data', (d) => { output += String(d); if (output.includes('ready')) resolve(); }));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await lines;

    // This instance: the admin's save revalidates product:7.
    const saved = process.env.REDIS_URL;
    process.env.REDIS_URL = REDIS_URL;
    delete (globalThis as Record<symbol, unknown>)[STORE];
    restore.push(() => {
      const store = (globalThis as Record<symbol, { bus?: { close(): void } }>)[STORE];
      store?.bus?.close();
      delete (globalThis as Record<symbol, unknown>)[STORE];
      if (saved === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = saved;
    });
    const { default: Handler } = await import(HANDLER);
    const cache = new Handler();
    await (globalThis as Record<symbol, { bus: { ready: Promise<void> } }>)[STORE].bus.ready;
    await cache.revalidateTag(['product:7'], { expire: 0 });

    expect(await exited).toBe(0);
    expect(output).toContain('product:7 dropped, product:8 kept');
  });
});
