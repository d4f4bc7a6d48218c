// The Markdown tables of a bench run: one per section (database and catalogue size), a row per page,
// a column per target (control, origin, front door; before/after in bench/compare.sh), each figure
// in req/s with its ratio to the section's control. Several rounds of one cell are listed and
// their mean is what the ratio divides. With both "before origin" and "after origin", a last
// column gives after against before.
// Usage: node bench/table.mjs <results.jsonl> [more.jsonl …]
import fs from 'node:fs';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node bench/table.mjs <results.jsonl> [more.jsonl …]');
  process.exit(2);
}
const lines = files
  .flatMap((f) => fs.readFileSync(f, 'utf8').split('\n'))
  .filter((l) => l.startsWith('{'))
  .map((l) => JSON.parse(l));

const int = (n) => Math.round(n).toLocaleString('en-US');
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ratio = (n) => (n >= 10 ? n.toFixed(0) : n >= 1 ? n.toFixed(1) : n.toFixed(2));
const unique = (xs) => [...new Set(xs)];

/** Answers of a measurement that were errors or not 2xx: its req/s counts them too, so they are flagged. */
function failures(m) {
  const bad = m.statuses ? Object.entries(m.statuses).filter(([s]) => !s.startsWith('2')).reduce((a, [, n]) => a + n, 0) : 0;
  return (m.errors ?? 0) + bad;
}

/** "HIT 99.97 % (UPDATING 13, STALE 1)": how the front door answered a row's measured requests. */
function cacheShares(ms) {
  const counts = {};
  for (const m of ms) for (const [s, n] of Object.entries(m.cache ?? {})) counts[s] = (counts[s] ?? 0) + n;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  if (!total) return '';
  const hits = counts.HIT ?? 0;
  const others = Object.entries(counts).filter(([s]) => s !== 'HIT').sort((a, b) => b[1] - a[1]);
  const share = hits === total ? '100' : ((100 * hits) / total).toFixed(2);
  return `HIT ${share} %${others.length ? ` (${others.map(([s, n]) => `${s} ${int(n)}`).join(', ')})` : ''}`;
}

const out = [];
const flagged = [];
for (const section of unique(lines.filter((m) => m.section).map((m) => m.section))) {
  const measured = lines.filter((m) => m.section === section && m.target && m.page);
  const controls = measured.filter((m) => m.target === 'control');
  const control = controls.length ? mean(controls.map((m) => m.rps)) : NaN;
  const targets = unique(measured.map((m) => m.target)).filter((t) => t !== 'control');
  const doors = targets.filter((t) => t.includes('front door'));
  const compare = targets.includes('before origin') && targets.includes('after origin');

  out.push(`### ${section}`, '');
  const head = ['page', 'control req/s', ...targets.map((t) => `${t} req/s (× control)`)];
  if (compare) head.push('after ÷ before');
  if (doors.length) head.push('front door answers');
  out.push(`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i ? '---:' : '---')).join('|')}|`);

  const controlCell = controls.map((m) => int(m.rps)).join(' / ') || '—';
  for (const page of unique(measured.filter((m) => m.target !== 'control').map((m) => m.page))) {
    const row = [page, controlCell];
    const means = {};
    for (const target of targets) {
      const ms = measured.filter((m) => m.page === page && m.target === target);
      if (!ms.length) {
        row.push('—');
        continue;
      }
      means[target] = mean(ms.map((m) => m.rps));
      const bad = ms.map(failures).reduce((a, b) => a + b, 0);
      const mark = bad ? ' †' : '';
      if (bad) flagged.push(`${section}, ${page}, ${target}: ${bad}`);
      row.push(`${ms.map((m) => int(m.rps)).join(' / ')} (${ratio(means[target] / control)}×)${mark}`);
    }
    if (compare) {
      const [before, after] = [means['before origin'], means['after origin']];
      row.push(before && after ? `${after >= before ? '+' : '−'}${Math.abs(Math.round(100 * (after / before - 1)))} %` : '—');
    }
    if (doors.length) row.push(cacheShares(measured.filter((m) => m.page === page && doors.includes(m.target))) || '—');
    out.push(`| ${row.join(' | ')} |`);
  }
  out.push('');
}
if (flagged.length) out.push(`† answers that were errors or not 2xx, counted in the figure: ${flagged.join('; ')}.`, '');
console.log(out.join('\n').trimEnd());
