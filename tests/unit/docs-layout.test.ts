/**
 * The documentation's layout: a short README, the docs pages by topic that code comments point at,
 * relative links that resolve, and reference text rather than a diary (README.md, docs/).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = process.cwd();
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
/** Lines as `wc -l` counts them: a final newline ends the last line, it does not start another. */
const lineCount = (file: string) => read(file).replace(/\n$/, '').split('\n').length;

const PAGES = [
  'docs/architecture.md',
  'docs/spec.md',
  'docs/catalogue.md',
  'docs/accounts-and-security.md',
  'docs/buying.md',
  'docs/orders.md',
  'docs/delivery.md',
  'docs/gst-and-invoices.md',
  'docs/discounts.md',
  'docs/refunds-and-returns.md',
  'docs/reviews.md',
  'docs/mail.md',
  'docs/back-office.md',
  'docs/operations.md',
  'docs/testing.md',
  'docs/decisions/0001-embedded-database.md',
  'docs/decisions/0002-caching.md',
  'docs/decisions/0003-rest-for-the-browser.md',
  'docs/decisions/0004-content-security-policy.md',
  'docs/decisions/0005-stock-framework.md',
  'docs/decisions/0006-outbox.md',
  'docs/decisions/0007-money-in-cents.md',
];

/** README.md and every Markdown file under docs/, as paths from the repository's root. */
function markdownFiles(): string[] {
  const found: string[] = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) found.push(rel);
    }
  };
  walk('docs');
  return found;
}

/** The targets of a file's Markdown links `[text](target)`, outside code spans and fenced blocks. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
}

describe('documentation layout', () => {
  test('README.md is at most 200 lines', () => {
    expect(lineCount('README.md')).toBeLessThanOrEqual(200);
  });

  test('docs/architecture.md is at most 250 lines', () => {
    expect(lineCount('docs/architecture.md')).toBeLessThanOrEqual(250);
  });

  test.each(PAGES)('%s exists', (page) => {
    expect(fs.existsSync(path.join(root, page))).toBe(true);
  });

  test('every decision record is at most 60 lines', () => {
    const records = markdownFiles().filter((f) => f.startsWith('docs/decisions/'));
    expect(records.length).toBeGreaterThanOrEqual(7);
    const long = records.filter((f) => lineCount(f) > 60);
    expect(long).toEqual([]);
  });

  test('every relative link in README.md and docs/ points to a file that exists', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      for (const target of linkTargets(read(file))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue; // http(s), mailto …; same-page anchors
        const withoutAnchor = target.replace(/#.*$/, '');
        const resolved = path.join(root, path.dirname(file), decodeURI(withoutAnchor));
        if (!fs.existsSync(resolved)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('the docs read as reference, not as a diary of issues and sessions', () => {
    const diary = /\bsessions? (of|on) issue|\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\w+teenth|twent\w*|\d+(st|nd|rd|th)) session\b|\bissues? #?\d+\b/i;
    const hits = markdownFiles()
      .filter((f) => f !== 'docs/spec.md') // the product requirements, copied verbatim
      .flatMap((f) =>
        read(f)
          .split('\n')
          .map((line, i) => ({ f, i, line }))
          .filter(({ line }) => diary.test(line))
          .map(({ f, i, line }) => `${f}:${i + 1}: ${line.trim()}`),
      );
    expect(hits).toEqual([]);
  });
});
