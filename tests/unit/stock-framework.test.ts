/**
 * The shop runs on stock Next.js and Node.js (docs/decisions/0005-stock-framework.md): nothing patches a
 * dependency after install, no code reaches into Next.js's private modules or slots, and nothing
 * replaces a method on a Node.js or Next.js prototype. So an upgrade of Next.js is a version bump,
 * and every deployment — `next start`, the container, a serverless host — runs the same framework.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = process.cwd();
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The repository's own source files (tracked or new, not ignored), as paths from its root. */
function sourceFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return out
    .split('\n')
    .filter((f) => /\.(m|c)?[jt]sx?$/.test(f) && fs.existsSync(path.join(root, f)))
    .filter((f) => !f.startsWith('node_modules/') && f !== 'tests/unit/stock-framework.test.ts');
}

/** Each line of the source files that matches, as "file:line: text". */
function offending(pattern: RegExp): string[] {
  const hits: string[] = [];
  for (const file of sourceFiles()) {
    read(file)
      .split('\n')
      .forEach((line, i) => {
        if (pattern.test(line)) hits.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  return hits;
}

describe('stock Next.js and Node.js', () => {
  const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };

  test('no dependency is patched after install', () => {
    expect(fs.existsSync(path.join(root, 'patches'))).toBe(false);
    expect({ ...pkg.dependencies, ...pkg.devDependencies }).not.toHaveProperty('patch-package');
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(pkg.scripts[hook] ?? '', hook).not.toMatch(/patch/);
  });

  test('next is pinned to one exact release, and eslint-config-next to the same', () => {
    expect(pkg.dependencies.next).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.devDependencies['eslint-config-next']).toBe(pkg.dependencies.next);
  });

  test('nothing imports or requires a private module of Next.js (next/dist/…)', () => {
    expect(offending(/(from\s+|import\(\s*|require\(\s*|require\.resolve\(\s*)['"]next\/dist\//)).toEqual([]);
  });

  test('nothing assigns to a prototype, nor to a slot of Next.js on globalThis', () => {
    expect(offending(/\.prototype\.[\w$]+\s*=[^=]|\bprototype\[[^\]]+\]\s*=[^=]|Object\.defineProperty\(\s*[\w$.]+\.prototype/)).toEqual([]);
    expect(offending(/Symbol\.for\(\s*['"]@next\//)).toEqual([]);
  });

  test('the container runs the Node.js major that the tests run on', () => {
    const images = [...read('Dockerfile').matchAll(/^FROM node:(\d+)[^\s]*/gm)].map((m) => Number(m[1]));
    expect(images.length).toBeGreaterThan(0);
    for (const major of images) expect(major).toBe(Number(process.versions.node.split('.')[0]));
  });
});
