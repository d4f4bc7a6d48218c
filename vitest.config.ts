import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

const resolve = {
  alias: [
    { find: /^@\//, replacement: root },
    { find: 'server-only', replacement: `${root}tests/support/empty.ts` },
  ],
};

// Two projects, both run by `npm run test:unit` (or one with `--project unit|integration`):
//   unit        — pure modules, no database: tests/unit/**, fast, run in threads;
//   integration — the service layer and route handlers on a real database: every other test file,
//                 each with a fresh migrated database (tests/support/setup.ts): in-memory PGlite by
//                 default, the PostgreSQL of DATABASE_URL when set (each file in its own database).
export default defineConfig({
  resolve,
  test: {
    environment: 'node',
    maxWorkers: 2,
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          setupFiles: ['tests/support/unit-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/unit/**', '**/node_modules/**'],
          setupFiles: ['tests/support/unit-setup.ts', 'tests/support/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
