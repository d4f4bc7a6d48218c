/**
 * The embedded database on its own thread (db/pglite-thread.ts): what the served shop runs on when
 * DATABASE_URL is unset. Drizzle must see it as it sees PGlite — migrations, typed rows,
 * transactions, the database's error codes — and a slow statement must not hold up the server's
 * own thread.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PGlite } from '@electric-sql/pglite';
import { PGliteThread } from '@/db/pglite-thread';
import * as schema from '@/db/schema';

let thread: PGliteThread;
let db: ReturnType<typeof drizzle<typeof schema>>;

beforeAll(async () => {
  thread = new PGliteThread(undefined);
  db = drizzle(thread as unknown as PGlite, { schema });
  await migrate(db, { migrationsFolder: path.join(process.cwd(), 'db', 'migrations') });
});

afterAll(() => thread?.close());

describe('the embedded database on its own thread', () => {
  it('runs the migrations and returns typed rows', async () => {
    const [brand] = await db.insert(schema.brands).values({ name: 'Thread Test Oak' }).returning();
    expect(brand.id).toBeGreaterThan(0);
    const [row] = await db.select().from(schema.brands).where(eq(schema.brands.id, brand.id));
    expect(row.name).toBe('Thread Test Oak');
    const [{ now }] = await db.execute<{ now: string }>(sql`select now()::text as now`).then((r) => r.rows);
    expect(now).toMatch(/^\d{4}-\d\d-\d\d /);
  });

  it('commits a transaction that ends well and rolls back one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.insert(schema.brands).values({ name: 'Kept Brand' });
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(schema.brands).values({ name: 'Dropped Brand' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const names = (await db.select({ name: schema.brands.name }).from(schema.brands)).map((b) => b.name);
    expect(names).toContain('Kept Brand');
    expect(names).not.toContain('Dropped Brand');
  });

  it('passes on the database error code and constraint', async () => {
    await db.insert(schema.brands).values({ name: 'Twice Brand' });
    const failure = await db
      .insert(schema.brands)
      .values({ name: 'Twice Brand' })
      .then(() => null, (e: unknown) => e as { code?: string; cause?: { code?: string; constraint?: string } });
    const err = failure?.cause ?? failure;
    expect(err?.code).toBe('23505');
    expect(failure?.cause?.constraint ?? (failure as { constraint?: string })?.constraint).toMatch(/brands/);
  });

  it('leaves the calling thread free while a statement runs', async () => {
    const order: string[] = [];
    const slow = db.execute(sql`select count(*) from generate_series(1, 3000000)`).then(() => order.push('statement'));
    await new Promise((resolve) => setTimeout(resolve, 1));
    order.push('timer');
    await slow;
    expect(order).toEqual(['timer', 'statement']);
  });
});
