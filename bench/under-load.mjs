// The cached pages while many clients send new queries: `attackers` connections each
// send a query never asked before (searches and filters through the API, search pages), while 10
// connections read a cached page. Prints one JSON line: the cached page's req/s, p50 and p99, and
// what the new queries got (req/s and status counts: 503 is the catalogue's cost cap refusing).
// Usage: node bench/under-load.mjs <name> <base-url> <cached-path> [attackers=50] [seconds=10]
import autocannon from 'autocannon';
import { uniqueQueries } from './unique-queries.mjs';

const [name, base, cachedPath, attackers = '50', seconds = '10'] = process.argv.slice(2);
if (!name || !base || !cachedPath) {
  console.error('usage: node bench/under-load.mjs <name> <base-url> <cached-path> [attackers] [seconds]');
  process.exit(2);
}
const duration = Number(seconds);
const kinds = ['search', 'filter', 'page'].map((k) => uniqueQueries(k));
let turn = 0;
const statuses = {};

// Warm the cached page first, so what is measured is a cache hit.
await autocannon({ url: `${base}${cachedPath}`, connections: 2, duration: 2 });
const [cached, attack] = await Promise.all([
  autocannon({ url: `${base}${cachedPath}`, connections: 10, duration, pipelining: 1, timeout: 30 }),
  autocannon({
    url: base,
    connections: Number(attackers),
    duration,
    pipelining: 1,
    timeout: 30,
    requests: [{ setupRequest: (req) => ({ ...req, path: kinds[turn++ % kinds.length]() }) }],
    setupClient: (client) => client.on('response', (status) => (statuses[status] = (statuses[status] ?? 0) + 1)),
  }),
]);
console.log(
  JSON.stringify({
    name,
    cached: { path: cachedPath, rps: Math.round(cached.requests.average), p50: cached.latency.p50, p99: cached.latency.p99, errors: cached.errors + cached.timeouts + (cached.non2xx ?? 0) },
    newQueries: { connections: Number(attackers), rps: Math.round(attack.requests.average), p50: attack.latency.p50, p99: attack.latency.p99, statuses },
  }),
);
