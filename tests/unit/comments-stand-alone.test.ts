/**
 * Comments stand alone: a reader of the code must be able to look up whatever a comment cites. So
 * no tracked source file names a tracker issue by number ("issue 24", "issues 18 and 19"), a work
 * session by its ordinal ("seventh session"), or the benchmark log bench/README.md by path. A
 * comment says why in the code's own terms, or cites a docs page (docs/*.md); how something is
 * measured is cited as bench/RESULTS.md.
 *
 * Links to upstream trackers stay readable: "vercel/next.js#83822" and
 * "github.com/vercel/next.js/issues/94278" have no space between "issue" and the number.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const self = path.relative(root, fileURLToPath(import.meta.url)).split(path.sep).join('/');

/** Where the rule applies: every tracked source file under these folders, and these files. */
const FOLDERS = ['lib', 'app', 'components', 'db', 'scripts', 'e2e', 'tests', 'deploy'];
const FILES = ['proxy.ts', 'instrumentation.ts', 'next.config.ts', 'Dockerfile', 'compose.yaml', '.ci/run'];
const SOURCE = /\.(ts|tsx|mjs|js|sh)$/;

const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'a tracker issue by number', pattern: /\bissues? #?\d+\b/i },
  {
    name: 'a work session by its ordinal',
    pattern: /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\w+teenth|twent\w*|\d+(st|nd|rd|th)) session\b/i,
  },
  { name: 'the benchmark log bench/README.md', pattern: /bench\/README\.md/ },
];

function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...FOLDERS, ...FILES], { cwd: root, encoding: 'utf8' });
  return out
    .split('\0')
    .filter(Boolean)
    .filter((file) => FILES.includes(file) || SOURCE.test(file))
    .filter((file) => file !== self && fs.existsSync(path.join(root, file)));
}

/** Every line of a file that breaks a rule, as "path:line: rule: the line". */
function problemsOf(file: string): string[] {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  const problems: string[] = [];
  lines.forEach((line, i) => {
    for (const { name, pattern } of RULES) {
      if (pattern.test(line)) problems.push(`${file}:${i + 1}: ${name}: ${line.trim()}`);
    }
  });
  return problems;
}

describe('comments stand alone', () => {
  const files = trackedFiles();

  test('the rule sees the source tree', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('proxy.ts');
    expect(files).not.toContain(self);
  });

  test('the patterns flag what a reader cannot look up, and leave upstream links alone', () => {
    const flagged = (text: string) => RULES.some(({ pattern }) => pattern.test(text));
    for (const text of ['(issue 24)', 'Issue 17 item 6: search', 'issues 18 and 19', 'issue #12', 'the seventh session', '2026-11-28 nineteenth session', 'the 21st session', 'bench/README.md']) {
      expect(flagged(text), text).toBe(true);
    }
    for (const text of ['vercel/next.js#83822', 'https://github.com/vercel/next.js/issues/94278', 'the session cookie', 'a new session', 'bench/RESULTS.md', 'db/data/README.md', 'issues a credit note']) {
      expect(flagged(text), text).toBe(false);
    }
  });

  test('no tracked source file cites an issue number, a work session or bench/README.md', () => {
    const problems = files.flatMap(problemsOf);
    expect(problems).toEqual([]);
  });
});
