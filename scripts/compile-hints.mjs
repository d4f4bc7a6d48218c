/**
 * Post-build step (`npm run build` = `next build` then this): marks the framework's start-up chunks
 * for V8's explicit compile hints, so the browser compiles them while it downloads them, on a
 * background thread, instead of function by function on the main thread while the page starts.
 *
 * The chunks are `rootMainFiles` of `.next/build-manifest.json`: React DOM, the Next.js router and
 * the Turbopack runtime, which every page loads and runs at start-up. Each gets the magic comment
 * `//# allFunctionsCalledOnLoad` as its first line (https://v8.dev/blog/explicit-compile-hints;
 * Chromium 136+, ignored elsewhere). Measured with Lighthouse on the cached shopper pages (bench/RESULTS.md):
 * the start-up task that instantiates these modules was most of the total blocking time. Route chunks are left alone: eager compilation of
 * code that a page never calls would only cost memory and background time.
 *
 * Idempotent (a marked file is not marked twice). Usage: node scripts/compile-hints.mjs [distDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Prepends the compile hint to the start-up chunks of a Next.js build.
 * @param {string} distDir the build's directory (`.next`)
 * @returns {string[]} the chunks marked by this call (paths relative to distDir)
 * @throws when the build manifest is missing or lists a chunk that does not exist (a broken build)
 */
export function markStartupChunks(distDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  const files = (manifest.rootMainFiles ?? []).filter((f) => f.endsWith('.js'));
  const marked = [];
  for (const file of files) {
    const full = path.join(distDir, file);
    const code = fs.readFileSync(full, 'utf8');
    if (code.startsWith(COMPILE_HINT)) continue;
    fs.writeFileSync(full, COMPILE_HINT + code);
    marked.push(file);
  }
  return marked;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ?? '.next';
  const marked = markStartupChunks(distDir);
  console.log(`compile hints: ${marked.length} start-up chunk(s) marked in ${distDir}`);
}
