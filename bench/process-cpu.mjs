// CPU seconds (user + system) that processes have used, from /proc (Linux only): the server CPU per
// request of bench/cpu-per-request.mjs, and bench/uncached.mjs's split between the shop's server and
// its database.
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

/** A process's own CPU seconds (utime + stime); 0 when it is gone (a backend that exits meanwhile). */
function ownCpu(pid) {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND : 0;
}

/** A process's CPU seconds and those of its children that have exited (utime + stime + cutime + cstime). Throws when it is gone. */
export function processCpu(pid) {
  const f = statFields(pid);
  if (!f) throw new Error(`no process ${pid}`);
  return f.slice(11, 15).reduce((sum, x) => sum + Number(x), 0) / TICKS_PER_SECOND;
}

/**
 * A PostgreSQL server's CPU seconds: the postmaster's own and its reaped children's (cutime +
 * cstime: backends that have exited), plus each live child's. The difference of two readings is
 * the work of every backend in between, those started or ended meanwhile included.
 * @param postmaster the pid of the postmaster (the oldest `postgres` process)
 */
export function postgresCpu(postmaster) {
  let seconds = processCpu(postmaster);
  let children = [];
  try {
    children = fs.readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    // an older kernel without …/children: the reaped children's time alone
  }
  for (const child of children) seconds += ownCpu(child);
  return seconds;
}
