import { defineConfig } from '@playwright/test';

// End-to-end journeys on the production build, in Debian's Chromium (no browser download here).
// The server runs on a fresh embedded database seeded with the real catalogue (e2e/serve.sh).
const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The API refuses a write signed in by the session cookie unless it names the shop's own origin
    // (docs/accounts-and-security.md). Chromium sends Origin on the pages' own writes; this gives the journeys'
    // set-up calls through page.request (clearing a cart, saving a product back) the same header.
    extraHTTPHeaders: { origin: `http://127.0.0.1:${port}` },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: 'front-door/**', use: { browserName: 'chromium' } },
    // The shop behind deploy/nginx.conf on PostgreSQL: starts its own instances of the build the
    // web server below made, and nginx (which must be installed), in e2e/front-door/stack.ts.
    { name: 'front-door', testDir: 'e2e/front-door', use: { browserName: 'chromium' } },
  ],
  webServer: {
    command: `bash e2e/serve.sh ${port}`,
    url: `http://127.0.0.1:${port}/api/health?ready`,
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
