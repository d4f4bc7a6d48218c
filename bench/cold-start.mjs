// Cold start and memory of a standalone server. For each run: starts a fresh
// `node server.js` from a standalone output directory, times from the spawn to the first complete
// 200 answer of <path> (polling every 10 ms while it is not yet listening), and stops it. After the
// last run it starts one more, sends <requests> mixed requests (10 at a time, cycling through the
// given paths) and reads the process's resident memory (VmRSS) and peak (VmHWM) from /proc.
// Prints one JSON line: {name, path, first_response_ms (median), runs_ms, rss_mb_after, peak_rss_mb, requests}.
// Usage: node bench/cold-start.mjs <name> <standalone dir> <path> [runs=5] [requests=1000] [mixed path ...]
// The environment is passed on (DATABASE_URL etc.); PORT is chosen here.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const [name, dir, firstPath, runsArg = '5', requestsArg = '1000', ...mixed] = process.argv.slice(2);
if (!name || !dir || !firstPath) {
  console.error('usage: node bench/cold-start.mjs <name> <standalone dir> <path> [runs] [requests] [mixed path ...]');
  process.exit(2);
}
// A free port chosen by the kernel (fetch refuses a few well-known ports, e.g. 3659).
const probe = net.createServer().listen(0, '127.0.0.1');
await once(probe, 'listening');
const { port } = probe.address();
probe.close();
const base = `http://127.0.0.1:${port}`;

function start() {
  const child = spawn(process.execPath, ['server.js'], {
    cwd: path.resolve(dir),
    env: { ...process.env, PORT: String(port), HOSTNAME: '0.0.0.0', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d) => (errors += d));
  return { child, errors: () => errors };
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Milliseconds from spawn to the first complete 200 answer of firstPath. */
async function coldStart() {
  const t0 = performance.now();
  const server = start();
  try {
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`server exited: ${server.errors()}`);
      try {
        const res = await fetch(base + firstPath);
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - t0;
        throw new Error(`${firstPath} answered ${res.status}: ${server.errors()}`);
      } catch (e) {
        if (!(e instanceof TypeError)) throw e; // TypeError: not listening yet
        await new Promise((r) => setTimeout(r, 10));
      }
    }
  } finally {
    await stop(server.child);
  }
}

const memory = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};

const runs = [];
for (let i = 0; i < Number(runsArg); i++) runs.push(Math.round(await coldStart()));
const sorted = [...runs].sort((a, b) => a - b);

const requests = Number(requestsArg);
const paths = mixed.length > 0 ? mixed : [firstPath];
const server = start();
let mem;
try {
  while (true) {
    try {
      await (await fetch(base + firstPath)).arrayBuffer();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const p = paths[next++ % paths.length];
      await (await fetch(base + p)).arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  mem = memory(server.child.pid);
} finally {
  await stop(server.child);
}
console.log(
  JSON.stringify({
    name,
    path: firstPath,
    first_response_ms: sorted[Math.floor((sorted.length - 1) / 2)],
    runs_ms: runs,
    rss_mb_after: Math.round(mem.rss),
    peak_rss_mb: Math.round(mem.peak),
    requests,
    mixed_paths: paths.length,
  }),
);
