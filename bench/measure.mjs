// Measures one URL with autocannon and prints one JSON line: {name, url, rps, p50, p99, errors}.
// Usage: node bench/measure.mjs <name> <url> [connections=50] [seconds=10]
// BENCH_WARMUP: seconds of warm-up before the measurement (default 2).
// BENCH_FIELDS: a JSON object merged into the line (bench/table.mjs groups lines by its fields).
// BENCH_ACCEPT_ENCODING: sent as Accept-Encoding (a browser sends `gzip, deflate, br`); unset, none,
//   so pages cross the wire uncompressed.
// BENCH_ACCESS_LOG: nginx's access log in deploy/nginx.conf's `shop` format; the line then counts
//   how the front door answered the measured requests (`cache`: HIT, UPDATING, MISS …), because a
//   figure through nginx only means "from its cache" if its cache really answered.
import fs from 'node:fs';
import autocannon from 'autocannon';

const [name, url, connections = '50', seconds = '10'] = process.argv.slice(2);
if (!name || !url) {
  console.error('usage: node bench/measure.mjs <name> <url> [connections] [seconds]');
  process.exit(2);
}
const accessLog = process.env.BENCH_ACCESS_LOG;

const headers = process.env.BENCH_ACCEPT_ENCODING ? { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING } : undefined;
const run = (duration) =>
  autocannon({ url, connections: Number(connections), duration, pipelining: 1, timeout: 10, headers });

/** Cache statuses of this URL's requests logged after byte `from` of the access log. */
function cacheStatuses(from) {
  const { pathname, search } = new URL(url);
  const request = `"GET ${pathname}${search} `;
  const counts = {};
  const fd = fs.openSync(accessLog, 'r');
  const size = fs.fstatSync(fd).size;
  const buffer = Buffer.alloc(size - from);
  fs.readSync(fd, buffer, 0, buffer.length, from);
  fs.closeSync(fd);
  for (const line of buffer.toString('utf8').split('\n')) {
    if (!line.includes(request)) continue;
    const status = / cache=(\S+) /.exec(line)?.[1] ?? '?';
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

await run(Number(process.env.BENCH_WARMUP ?? 2)); // warm-up: caches, JIT, connection pools
const logFrom = accessLog ? fs.statSync(accessLog).size : 0;
const r = await run(Number(seconds));
const out = {
  ...JSON.parse(process.env.BENCH_FIELDS ?? '{}'),
  name,
  url,
  connections: Number(connections),
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts + (r.non2xx ?? 0),
  ...(accessLog ? { cache: cacheStatuses(logFrom) } : {}),
};
console.log(JSON.stringify(out));
