// Suggestions as you type, uncached: every request asks GET /api/search/suggest?q= for a prefix never
// asked before (no cache of the origin can answer it; nothing in front), as shoppers typing new
// words would. Measures, against the bare route handler of the control app in the same run:
//   - one at a time: latency p50 / p95 over sequential requests (fetch, timed per request);
//   - 10 in flight: requests per second (autocannon), and its p50.
// One JSON line per measurement (bench/table.mjs reads them like the others').
// Usage: node bench/suggest.mjs <shop-base-url> <control-base-url> [seconds=10]
// With BENCH_SERVER_PID and BENCH_POSTGRES_PID, also the CPU ms per request of each (process-cpu.mjs).
import autocannon from 'autocannon';
import { postgresCpu, processCpu } from './process-cpu.mjs';

const [shop, control, seconds = '10'] = process.argv.slice(2);
if (!shop || !control) {
  console.error('usage: node bench/suggest.mjs <shop-base-url> <control-base-url> [seconds]');
  process.exit(2);
}
const SECONDS = Number(seconds);

const FAMILIES = ['billy', 'ektorp', 'malm', 'hemnes', 'kallax', 'poang', 'kivik', 'lack', 'brimnes', 'ivar', 'alex', 'nordli', 'pax', 'soderhamn', 'vimle', 'friheten', 'lisabo', 'ingatorp', 'stefan', 'tarva', 'songesand', 'idanas', 'bekant', 'linnmon', 'besta', 'havsta', 'liatorp', 'stuva', 'trofast', 'applaro'];
const NOUNS = ['sofa', 'armchair', 'chair', 'table', 'desk', 'bed', 'wardrobe', 'bookcase', 'shelf', 'cabinet', 'drawers', 'bench', 'stool', 'cover', 'frame', 'sideboard', 'trolley', 'crib', 'footstool', 'chaise', 'corner', 'headboard', 'daybed', 'highchair', 'section'];
const WORDS = ['white', 'black', 'grey', 'oak', 'birch', 'beige', 'blue', 'green', 'pine', 'walnut', 'glass', 'rattan', 'outdoor', 'kids', 'small', 'large', 'seat', 'storage', 'folding', 'wall', 'corner', 'castors', '2', '3', '4'];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** The start of a word as typed: two letters up to the whole word. */
const prefix = (word) => word.slice(0, Math.min(word.length, 2 + Math.floor(Math.random() * (word.length - 1))));

/**
 * A query as typed, the last word unfinished: a prefix alone (a quarter of them: "wa", "kiv"),
 * a word and a prefix ("kivik so", "white be"), or two words and a prefix ("hemnes white be").
 * A random tail of such mixes matches nothing, as shoppers' typing sometimes does.
 */
function typed() {
  const r = Math.random();
  if (r < 0.25) return prefix(pick([...FAMILIES, ...NOUNS]));
  if (r < 0.7) return `${pick(Math.random() < 0.5 ? FAMILIES : WORDS)} ${prefix(pick(NOUNS))}`;
  return `${pick(FAMILIES)} ${pick(WORDS)} ${prefix(pick(NOUNS))}`;
}

/** Paths of new queries, never the same one twice in this process (start a fresh server for each run: the origin keeps answers). */
const seen = new Set();
function nextPath() {
  for (let i = 0; ; i++) {
    const q = typed();
    if (!seen.has(q)) {
      seen.add(q);
      return `/api/search/suggest?${new URLSearchParams({ q })}`;
    }
    if (i > 1000) throw new Error('ran out of new queries');
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Sequential requests for SECONDS: p50 / p95 in ms, and the statuses. */
async function oneAtATime(base, path) {
  const times = [];
  const statuses = {};
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    const t0 = performance.now();
    const res = await fetch(base + path());
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  times.sort((a, b) => a - b);
  return { requests: times.length, p50: +percentile(times, 50).toFixed(2), p95: +percentile(times, 95).toFixed(2), statuses };
}

/** autocannon at 10 connections for SECONDS: req/s, p50 and the statuses. */
async function inFlight(base, path, connections = 10) {
  const statuses = {};
  const r = await autocannon({
    url: base,
    connections,
    duration: SECONDS,
    pipelining: 1,
    timeout: 30,
    requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }],
    setupClient: (client) => client.on('response', (status) => (statuses[status] = (statuses[status] ?? 0) + 1)),
  });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, statuses, errors: r.errors + r.timeouts };
}

const serverPid = process.env.BENCH_SERVER_PID;
const postgresPid = process.env.BENCH_POSTGRES_PID;
/** Runs `measure`, adding the server's and PostgreSQL's CPU ms per answered request when their pids are given. */
async function withCpu(measure, count) {
  const before = { server: serverPid ? processCpu(serverPid) : 0, postgres: postgresPid ? postgresCpu(postgresPid) : 0 };
  const r = await measure();
  const n = count(r);
  const per = (pid, read, b) => (pid && n ? +(((read(pid) - b) * 1000) / n).toFixed(2) : undefined);
  return { ...r, serverCpuMsPerRequest: per(serverPid, processCpu, before.server), postgresCpuMsPerRequest: per(postgresPid, postgresCpu, before.postgres) };
}

const fields = JSON.parse(process.env.BENCH_FIELDS ?? '{}');
const line = (o) => console.log(JSON.stringify({ ...fields, ...o }));
const answered = (r) => Object.values(r.statuses).reduce((a, b) => a + b, 0);

// Warm both servers' code paths (not their caches: these queries are not measured again).
for (let i = 0; i < 20; i++) {
  await (await fetch(shop + nextPath())).arrayBuffer();
  await (await fetch(`${control}/api/health`)).arrayBuffer();
}

line({ name: 'bare route handler', kind: 'one at a time', ...(await oneAtATime(control, () => '/api/health')) });
line({ name: 'suggestions, new prefixes', kind: 'one at a time', ...(await withCpu(() => oneAtATime(shop, nextPath), (r) => r.requests)) });
line({ name: 'bare route handler', kind: '10 in flight', ...(await inFlight(control, () => '/api/health')) });
line({ name: 'suggestions, new prefixes', kind: '10 in flight', ...(await withCpu(() => inFlight(shop, nextPath), answered)) });
