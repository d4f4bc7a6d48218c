// CPU seconds (user + system) that processes have used, from /proc (Linux only): for the bench's
// "where an uncached request's time goes" split between the shop's server and its database.
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** /proc/<pid>/stat's fields after the command name (index 11 = utime … 14 = cstime), or null once the process is gone. */
function statFields(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return null;
  }
}

/** A process's own CPU seconds (utime + stime); 0 when it is gone. */
export function ownCpu(pid) {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND : 0;
}

/**
 * A PostgreSQL server's CPU seconds: the postmaster's own and its reaped children's (cutime +
 * cstime: backends that have exited), plus each live child's. The difference of two readings is
 * the work of every backend in between, those started or ended meanwhile included.
 * @param postmaster the pid of the postmaster (the oldest `postgres` process)
 */
export function postgresCpu(postmaster) {
  const f = statFields(postmaster);
  if (!f) return 0;
  let seconds = f.slice(11, 15).reduce((sum, x) => sum + Number(x), 0) / TICKS_PER_SECOND;
  let children = [];
  try {
    children = fs.readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    // an older kernel without …/children: the reaped children's time alone
  }
  for (const child of children) seconds += ownCpu(child);
  return seconds;
}
