/**
 * The self-hosted stack of compose.yaml on this machine, for the front-door spec: a fresh
 * PostgreSQL database (migrated and seeded with the demo logins), a redis-server of its own for the
 * shared page cache, two `next start` instances of the build the journeys' web server made
 * (TRUST_PROXY=1, SITE_URL = nginx's address), and nginx from deploy/nginx.conf with its upstreams
 * on loopback and every file it writes in a temporary directory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSeededDatabase, freePort, onServer, redisInstalled, startRedis, stop } from '../support/processes';

/** nginx: NGINX_PATH, else on PATH, else Debian's (/usr/sbin is not on every user's PATH). */
const NGINX = [process.env.NGINX_PATH, 'nginx', '/usr/sbin/nginx'].find((p) => p && spawnSync(p, ['-v']).status === 0) ?? 'nginx';

export const nginxInstalled = () => spawnSync(NGINX, ['-v']).status === 0;

async function until(what: string, ok: () => Promise<boolean>, child: ChildProcess, seconds: number, log?: () => string) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})${log ? `:\n${log()}` : ''}`);
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not become ready in ${seconds} s${log ? `:\n${log()}` : ''}`);
}

/**
 * deploy/nginx.conf made to run here: the image's absolute paths moved into `dir`, the worker user
 * one that exists on any Debian (ignored by nginx when not started as root), and the listen port.
 * Each substitution must match, so that a change to the file that the spec no longer follows
 * fails here rather than testing something else.
 */
export function localNginxConf(source: string, dir: string, port: number): string {
  const swaps: [RegExp, string][] = [
    [/^user nginx;$/m, 'user nobody nogroup;'],
    [/^pid \/var\/run\/nginx\.pid;$/m, `pid ${dir}/nginx.pid;`],
    [/\/var\/log\/nginx\//g, `${dir}/`],
    [/\/var\/cache\/nginx\//g, `${dir}/cache/`],
    [/^(\s*)listen 8080;$/m, `$1listen 127.0.0.1:${port};`],
  ];
  return swaps.reduce((conf, [pattern, replacement]) => {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf no longer has ${pattern}: update e2e/front-door/stack.ts`);
    return conf.replace(pattern, replacement);
  }, source);
}

export type Nginx = { url: string; accessLog: () => string[]; stop: () => Promise<void> };

/** nginx from deploy/nginx.conf in front of `upstreams` (host:port), on loopback `port`. */
export async function startNginx(upstreams: string[], port: number): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'front-door-'));
  // The workers (user nobody when nginx starts as root) reach their cache through this directory.
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(path.join(dir, 'cache'));
  fs.writeFileSync(path.join(dir, 'nginx.conf'), localNginxConf(fs.readFileSync('deploy/nginx.conf', 'utf8'), dir, port));
  fs.writeFileSync(path.join(dir, 'shop-upstreams.conf'), upstreams.map((u) => `server ${u};\n`).join(''));
  const test = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused deploy/nginx.conf:\n${test.stderr}`);
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => (fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  const accessLog = () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean);
  const stopNginx = async () => {
    await stop(child, 'SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await until('nginx', () => fetch(`${url}/api/health?ready`).then((r) => r.ok, () => false), child, 30, errorLog);
  } catch (error) {
    await stopNginx();
    throw error;
  }
  return { url, accessLog, stop: stopNginx };
}

/** One `next start` of this build on `port`, ready when /api/health?ready answers. */
async function startShop(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.resolve('node_modules/next/dist/bin/next'), 'start', '-p', String(port)], {
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await until(`next start on ${port}`, () => fetch(`http://127.0.0.1:${port}/api/health?ready`).then((r) => r.ok, () => false), child, 90);
  return child;
}

export type Stack = { nginx: Nginx; shops: string[]; stop: () => Promise<void> };

/**
 * The whole stack. Two instances share the page cache through Redis, as in compose.yaml; where
 * redis-server is missing, one instance (two with separate in-memory caches would disagree).
 */
export async function startStack(): Promise<Stack> {
  const children: ChildProcess[] = [];
  let redis: ChildProcess | undefined;
  const dbName = `frontdoor_e2e_${crypto.randomBytes(4).toString('hex')}`;
  let databaseUrl = '';
  let nginx: Nginx | undefined;
  const stopAll = async () => {
    await nginx?.stop();
    // The instances before their Redis, which they would otherwise report as lost.
    await Promise.all(children.map((c) => stop(c)));
    await stop(redis);
    if (databaseUrl) await onServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  };
  try {
    databaseUrl = await createSeededDatabase(dbName);

    // nginx's port must be known first: it is the shop's SITE_URL. Taken now, bound by nginx last.
    const shopPorts = redisInstalled() ? [await freePort(), await freePort()] : [await freePort()];
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      // One secret for all instances: a session signed by one is accepted by the other.
      AUTH_SECRET: crypto.randomBytes(32).toString('base64'),
      TRUST_PROXY: '1',
      DEMO_PAYMENTS: '1',
    };
    if (shopPorts.length > 1) {
      const redisPort = await freePort();
      redis = await startRedis(redisPort);
      env.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
    }
    const nginxPort = await freePort();
    env.SITE_URL = `http://127.0.0.1:${nginxPort}`;
    for (const child of await Promise.all(shopPorts.map((port) => startShop(port, env)))) children.push(child);
    const shops = shopPorts.map((port) => `127.0.0.1:${port}`);
    nginx = await startNginx(shops, nginxPort);
    return { nginx, shops, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
