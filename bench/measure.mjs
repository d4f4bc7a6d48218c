// Measures one URL with autocannon and prints one JSON line: {name, url, rps, p50, p99, errors}.
// Usage: node bench/measure.mjs <name> <url> [connections=50] [seconds=10]
// BENCH_WARMUP: seconds of warm-up before the measurement (default 2).
import autocannon from 'autocannon';

const [name, url, connections = '50', seconds = '10'] = process.argv.slice(2);
if (!name || !url) {
  console.error('usage: node bench/measure.mjs <name> <url> [connections] [seconds]');
  process.exit(2);
}

const run = (duration) =>
  autocannon({ url, connections: Number(connections), duration, pipelining: 1, timeout: 10 });

await run(Number(process.env.BENCH_WARMUP ?? 2)); // warm-up: caches, JIT, connection pools
const r = await run(Number(seconds));
const out = {
  name,
  url,
  connections: Number(connections),
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts + (r.non2xx ?? 0),
};
console.log(JSON.stringify(out));
