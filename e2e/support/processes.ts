/**
 * The processes the specs that run several servers start for themselves (e2e/shared-cache.spec.ts,
 * e2e/front-door/): a PostgreSQL database of their own, a redis-server without persistence, free
 * ports, and a child stopped for certain. Not a spec: Playwright only runs *.spec.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import pg from 'pg';

/** The PostgreSQL server the specs create their databases on. */
export const PG_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const redisInstalled = () => spawnSync('redis-server', ['--version']).status === 0;

/** Whether PostgreSQL answers at PG_URL within 2 s. */
export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs one statement on PG_URL's server (CREATE DATABASE, DROP DATABASE …). */
export async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Runs a command to its end; throws with its output when it fails. */
export function run(command: string, args: string[], env: Record<string, string>): void {
  const result = spawnSync(command, args, { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

/** Stops a child (SIGKILL unless told otherwise) and waits for it to exit; nothing if it already has. */
export async function stop(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  await once(child, 'exit');
}

/** A redis-server of our own on `port`, without persistence as the shared page cache needs. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise<void>((resolve, reject) => {
    redis.stdout!.on('data', (d) => String(d).includes('Ready to accept connections') && resolve());
    redis.on('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
  });
  return redis;
}

/**
 * A new database `name` on PG_URL's server, migrated and seeded with the catalogue and the demo
 * logins, as `npm run db:migrate` and `npm run db:seed` make one.
 * @returns its URL; drop it with onServer(`DROP DATABASE … WITH (FORCE)`)
 */
export async function createSeededDatabase(name: string): Promise<string> {
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  run('npx', ['tsx', 'db/migrate.ts'], { DATABASE_URL: url.toString() });
  run('npx', ['tsx', 'db/seed.ts'], { DATABASE_URL: url.toString(), SEED_DEMO_USERS: '1' });
  return url.toString();
}
