/**
 * Per test file: a fresh, migrated database. In-memory PGlite by default; with DATABASE_URL (or
 * TEST_DATABASE_URL, which only the tests read, so that `npm test` can run them on PostgreSQL while
 * its e2e server keeps the embedded database), a database of its own on that PostgreSQL server
 * (dropped afterwards), so files can run in parallel.
 * Runs after tests/support/unit-setup.ts (secrets, next/cache stub).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';

// Before the test file is collected: its PostgreSQL-only checks ask for DATABASE_URL (skipIf).
if (process.env.TEST_DATABASE_URL) process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;

const dbName = `shop_test_${crypto.randomBytes(6).toString('hex')}`;
const url = process.env.DATABASE_URL;

async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  if (url) {
    await onServer(`CREATE DATABASE ${dbName}`);
    const perFile = new URL(url);
    perFile.pathname = `/${dbName}`;
    process.env.DATABASE_URL = perFile.toString();
  } else {
    process.env.PGLITE_DIR = 'memory://';
  }
  const { migrateDatabase } = await import('@/db/bootstrap');
  await migrateDatabase();
  // The test shop is set up as the demo shop: staff sign in with the password alone, unless a test
  // turns "staff must use two-factor sign-in" on (tests/accounts/staff-two-factor.test.ts).
  const { db } = await import('@/db/client');
  const { settings } = await import('@/db/schema');
  await db.insert(settings).values({ key: 'staff_two_factor_required', value: false }).onConflictDoNothing();
});

afterAll(async () => {
  const { closeDatabase } = await import('@/db/client');
  await closeDatabase();
  if (url) await onServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});
