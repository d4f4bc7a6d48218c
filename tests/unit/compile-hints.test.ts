/**
 * The post-build compile-hints step (scripts/compile-hints.mjs): the framework's start-up chunks of a
 * build begin with V8's `//# allFunctionsCalledOnLoad` comment, exactly once, and route chunks keep
 * their bytes. Run on a build laid out as `next build` writes it (build-manifest.json rootMainFiles).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { COMPILE_HINT, markStartupChunks } from '@/scripts/compile-hints.mjs';

let dist: string;
const chunk = (name: string) => path.join(dist, 'static/chunks', name);
const write = (name: string, code: string) => fs.writeFileSync(chunk(name), code);
const read = (name: string) => fs.readFileSync(chunk(name), 'utf8');

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  fs.mkdirSync(path.join(dist, 'static/chunks'), { recursive: true });
  write('react-dom.js', '(globalThis.TURBOPACK||[]).push([1,()=>{}]);');
  write('turbopack-runtime.js', '!function(){}();');
  write('route-page.js', '(globalThis.TURBOPACK||[]).push([2,()=>{}]);');
  fs.writeFileSync(
    path.join(dist, 'build-manifest.json'),
    JSON.stringify({ rootMainFiles: ['static/chunks/react-dom.js', 'static/chunks/turbopack-runtime.js'], polyfillFiles: ['static/chunks/route-page.js'] }),
  );
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

test('marks every start-up chunk with the compile hint as its first line, keeping its code', () => {
  expect(markStartupChunks(dist).sort()).toEqual(['static/chunks/react-dom.js', 'static/chunks/turbopack-runtime.js']);
  expect(read('react-dom.js')).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push([1,()=>{}]);`);
  expect(read('turbopack-runtime.js').split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
});

test('leaves chunks that are not start-up chunks as they were', () => {
  markStartupChunks(dist);
  expect(read('route-page.js')).toBe('(globalThis.TURBOPACK||[]).push([2,()=>{}]);');
});

test('running it again on the same build changes nothing', () => {
  markStartupChunks(dist);
  const once = read('react-dom.js');
  expect(markStartupChunks(dist)).toEqual([]);
  expect(read('react-dom.js')).toBe(once);
});

test('a build without its manifest is an error, not a silent no-op', () => {
  fs.rmSync(path.join(dist, 'build-manifest.json'));
  expect(() => markStartupChunks(dist)).toThrow(/build-manifest\.json/);
});
