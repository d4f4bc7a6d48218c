// Uncached catalogue work: every request carries a query never asked before (no cache can answer
// it), as a crawler or a burst of long-tail searches would. One JSON line per run, like measure.mjs.
// Usage: node bench/uncached.mjs <name> <base-url> <kind> [connections=1] [seconds=10]
//   kind: search (GET /api/products/search?query=…), filter (GET /api/products?category=…&width_max=…&sort=…),
//         page (GET /products?query=… — the search page, rendered for its request)
// With BENCH_SERVER_PID (the shop's server) and BENCH_POSTGRES_PID (PostgreSQL's postmaster), it
// also reports the CPU milliseconds each spent per request: which of the two bounds the req/s. On
// PGlite the database runs inside the server (its own thread), so its work is the server's.
// BENCH_FIELDS: a JSON object merged into the line (bench/table.mjs groups lines by its fields).
import autocannon from 'autocannon';
import { postgresCpu, processCpu } from './process-cpu.mjs';
import { uniqueQueries } from './unique-queries.mjs';

const [name, base, kind, connections = '1', seconds = '10'] = process.argv.slice(2);
if (!name || !base || !['search', 'filter', 'page'].includes(kind)) {
  console.error('usage: node bench/uncached.mjs <name> <base-url> <search|filter|page> [connections] [seconds]');
  process.exit(2);
}

const next = uniqueQueries(kind);
const serverPid = process.env.BENCH_SERVER_PID;
const postgresPid = process.env.BENCH_POSTGRES_PID;
const cpuBefore = { server: serverPid ? processCpu(serverPid) : 0, postgres: postgresPid ? postgresCpu(postgresPid) : 0 };
const statuses = {};
const r = await autocannon({
  url: base,
  connections: Number(connections),
  duration: Number(seconds),
  pipelining: 1,
  timeout: 30,
  requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
  setupClient: (client) => client.on('response', (status) => (statuses[status] = (statuses[status] ?? 0) + 1)),
});
const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
/** CPU milliseconds per answered request since cpuBefore; undefined when the pid was not given. */
const perRequest = (pid, read, before) => (pid && answered ? +(((read(pid) - before) * 1000) / answered).toFixed(1) : undefined);
console.log(
  JSON.stringify({
    ...JSON.parse(process.env.BENCH_FIELDS ?? '{}'),
    name,
    kind,
    connections: Number(connections),
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    statuses,
    errors: r.errors + r.timeouts,
    serverCpuMsPerRequest: perRequest(serverPid, processCpu, cpuBefore.server),
    postgresCpuMsPerRequest: perRequest(postgresPid, postgresCpu, cpuBefore.postgres),
  }),
);
