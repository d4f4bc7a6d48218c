#!/usr/bin/env node
/**
 * Checks the Vercel Build Output that `vercel build` wrote to .vercel/output,
 * offline, as far as a machine without Vercel's platform can:
 *   1. the output is Build Output API v3, carries the cron of vercel.json and the security headers
 *      (the pages' on pages, the API's on /api/…);
 *   2. the product page's function starts and serves a product page: its files are assembled the
 *      way the platform would ship them (the function directory plus every file of its
 *      `filePathMap`, copied, so nothing outside the bundle can be reached), its handler is served
 *      by a plain Node HTTP server with the variables a deployment sets (VERCEL=1, a PostgreSQL
 *      URL, TRUST_PROXY …), and a request routed as Vercel's router would (the route's path with
 *      `x-matched-path`) must answer 200 with the product's name;
 *   3. the same function without DATABASE_URL refuses to start, naming the variable.
 * What it cannot check: Vercel's router and edge cache, its cron scheduler, and the runtime's own
 * event bridge (docs/operations.md says so).
 *
 * Usage: node deploy/check-vercel-output.mjs <postgres URL of a migrated, seeded database>
 * Exit status 0 when every check passes; 1 with the failing check's message otherwise.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = process.cwd();
const output = path.join(root, '.vercel', 'output');
const databaseUrl = process.argv[2];
if (!databaseUrl) fail('usage: node deploy/check-vercel-output.mjs <postgres URL>');

function fail(message) {
  console.error(`[vercel-output] FAILED: ${message}`);
  process.exit(1);
}
const ok = (message) => console.log(`[vercel-output] ok: ${message}`);

// 1. The output's configuration.
const config = JSON.parse(fs.readFileSync(path.join(output, 'config.json'), 'utf8'));
if (config.version !== 3) fail(`config.json version is ${config.version}, expected 3`);
const vercelJson = JSON.parse(fs.readFileSync(path.join(root, 'vercel.json'), 'utf8'));
for (const cron of vercelJson.crons) {
  if (!config.crons?.some((c) => c.path === cron.path && c.schedule === cron.schedule)) fail(`cron ${cron.path} is missing from the output`);
}
// The pages' policy on pages, the API's (lib/server/security-headers.ts) on /api/…, never both,
// for a request over https (the host always is): the next.config.ts rules for plain http are those
// missing X-Forwarded-Proto https.
const overHttps = (r) => !(r.missing ?? []).some((m) => m.type === 'header' && m.key === 'x-forwarded-proto');
const policyFor = (pathname) => config.routes.filter((r) => r.headers?.['Content-Security-Policy'] && overHttps(r) && new RegExp(r.src).test(pathname)).map((r) => r.headers['Content-Security-Policy']);
const pagePolicies = policyFor('/products/14');
const apiPolicies = policyFor('/api/health');
if (pagePolicies.length !== 1 || !pagePolicies[0].includes("script-src 'self'")) fail(`a page gets ${pagePolicies.length} Content-Security-Policy headers, not the pages' one`);
if (apiPolicies.length !== 1 || apiPolicies[0] !== "default-src 'none'; frame-ancestors 'none'") fail(`an API answer gets ${JSON.stringify(apiPolicies)}, not the API's policy alone`);
ok(`Build Output API v3, ${config.routes.length} routes, crons ${config.crons.map((c) => c.path).join(', ')}, security headers at the edge`);

// 2. The product page's function, assembled as shipped.
const functionDir = fs.realpathSync(path.join(output, 'functions', 'products', '[id].func'));
const vc = JSON.parse(fs.readFileSync(path.join(functionDir, '.vc-config.json'), 'utf8'));
if (!/^nodejs\d+\.x$/.test(vc.runtime)) fail(`unexpected runtime ${vc.runtime}`);
const bundle = fs.mkdtempSync(path.join(os.tmpdir(), 'vercel-function-'));
fs.cpSync(functionDir, bundle, { recursive: true, dereference: true });
for (const [to, from] of Object.entries(vc.filePathMap ?? {})) {
  fs.mkdirSync(path.dirname(path.join(bundle, to)), { recursive: true });
  fs.cpSync(path.join(root, from), path.join(bundle, to), { recursive: true, dereference: true });
}
const files = Object.keys(vc.filePathMap ?? {}).length;
ok(`function products/[id] (${vc.runtime}, handler ${vc.handler}) assembled from ${files} files`);

const { rows } = await (async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query('SELECT id, name FROM products WHERE archived_at IS NULL ORDER BY id LIMIT 1');
  } finally {
    await client.end();
  }
})();
if (rows.length === 0) fail('the database has no active product: migrate and seed it first');
const product = rows[0];

/** A port nothing listens on (the kernel's choice: never one of the ports fetch refuses). */
async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/** Serves the assembled function on a free port; returns its base URL, its log and a stop function. */
async function serve(extraEnv) {
  const port = await freePort();
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', VERCEL: '1', VERCEL_REGION: 'syd1', ...extraEnv };
  const child = spawn(process.execPath, ['-e', `require('node:http').createServer(require(${JSON.stringify(path.join(bundle, vc.handler))})).listen(${port}, '127.0.0.1')`], {
    cwd: bundle,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  return {
    base: `http://127.0.0.1:${port}`,
    log: () => log,
    stop: () => child.kill('SIGTERM'),
  };
}

async function request(base, pathname, matchedPath) {
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      return await fetch(`${base}${pathname}`, {
        headers: { 'x-matched-path': matchedPath, 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' },
        signal: AbortSignal.timeout(30_000),
      });
    } catch (e) {
      if (e.name === 'TimeoutError') return null;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return null;
}

const deployment = { DATABASE_URL: databaseUrl, AUTH_SECRET: 'vercel-output-check-'.padEnd(40, 'x'), TRUST_PROXY: '1', UPLOADTHING_TOKEN: 'not-used-by-a-page-view', SITE_URL: 'https://shop.example' };
const server = await serve(deployment);
try {
  const res = await request(server.base, `/products/[id]?nxtPid=${product.id}`, '/products/[id]');
  if (!res) fail(`the function never answered:\n${server.log()}`);
  const html = await res.text();
  if (res.status !== 200) fail(`GET /products/${product.id} answered ${res.status}:\n${server.log().slice(-2000)}`);
  const name = product.name.replace(/&/g, '&amp;');
  if (!html.includes(name)) fail(`the product page does not name "${product.name}"`);
  ok(`the function served /products/${product.id} (200, ${html.length} bytes, "${product.name}")`);
} finally {
  server.stop();
}

// 3. No database on a serverless host: refused at start-up, by name.
const refused = await serve({ ...deployment, DATABASE_URL: '' });
try {
  const answer = request(refused.base, `/products/[id]?nxtPid=${product.id}`, '/products/[id]');
  let named = false;
  for (let waited = 0; waited < 30_000 && !named; waited += 200) {
    await new Promise((r) => setTimeout(r, 200));
    named = refused.log().includes('DATABASE_URL is required');
  }
  if (!named) fail(`the refusal did not name DATABASE_URL:\n${refused.log().slice(-2000)}`);
  refused.stop();
  const res = await answer;
  if (res && res.status === 200) fail('without DATABASE_URL the function still served a page');
  ok(`without DATABASE_URL the function refuses to start ("DATABASE_URL is required" in its log; ${res ? `answered ${res.status}` : 'no page'})`);
} finally {
  refused.stop();
  fs.rmSync(bundle, { recursive: true, force: true });
}
