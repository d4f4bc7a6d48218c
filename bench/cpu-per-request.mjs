// CPU time a server process spends per request (user + system, from /proc/<pid>/stat), for a URL
// sent `count` times over `connections` connections: unlike req/s, barely moved by other work on a
// shared machine. Linux only. One JSON line. Several pids (comma-separated, e.g. the server and the
// redis-server it reads from) are summed.
// Usage: node bench/cpu-per-request.mjs <name> <server-pid>[,<pid>…] <url> [count=2000] [connections=4]
import autocannon from 'autocannon';
import { processCpu } from './process-cpu.mjs';

const [name, pid, url, count = '2000', connections = '4'] = process.argv.slice(2);
if (!name || !pid || !url) {
  console.error('usage: node bench/cpu-per-request.mjs <name> <server-pid> <url> [count] [connections]');
  process.exit(2);
}
/** The processes' and their exited children's CPU seconds so far. */
const cpu = () => pid.split(',').reduce((total, one) => total + processCpu(one), 0);
await autocannon({ url, connections: Number(connections), amount: 300 }); // warm-up
const before = cpu();
const r = await autocannon({ url, connections: Number(connections), amount: Number(count) });
const spent = cpu() - before;
console.log(JSON.stringify({ name, url, requests: r.requests.total, cpuMsPerRequest: +((spent * 1000) / r.requests.total).toFixed(3), non2xx: r.non2xx ?? 0 }));
