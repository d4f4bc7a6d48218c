/**
 * The audit log is append-only (docs/accounts-and-security.md "Audit log"): migration 0030's
 * triggers refuse UPDATE, DELETE and TRUNCATE of its rows on PGlite and PostgreSQL alike; a row is
 * written in the transaction of its change, so a change that fails leaves none; only changed fields
 * are kept, never a secret; a customer's own data export and account closure are recorded under
 * the account's number only.
 */
import { describe, expect, test } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { auditLog } from '@/db/schema';
import { recordAudit } from '@/lib/audit/record';
import { exportAccountData } from '@/lib/accounts/privacy-export';
import { closeAccount } from '@/lib/accounts/privacy-close';
import type { SessionUser } from '@/lib/auth/guards';
import { ALL_PERMISSIONS } from '@/lib/auth/permission-list';
import { createUser, TEST_PASSWORD } from '../support/factories';

const staff = (u: { id: number; userName: string; email: string }): SessionUser => ({ ...u, isAdmin: true, permissions: ALL_PERMISSIONS, client: { address: '198.51.100.4', userAgent: 'Vitest' } });
const customerOf = (u: { id: number; userName: string; email: string }): SessionUser => ({ ...u, isAdmin: false, permissions: [] });

const lastRow = async () => (await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

/** The database's refusal of a statement, as its message. */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (e) {
    const err = e as { message?: string; cause?: { message?: string } };
    return `${err.cause?.message ?? ''} ${err.message ?? ''}`;
  }
  return 'accepted';
}

describe('the audit_log table', () => {
  test('a row records who, from where, what and only the fields that changed, without secrets', async () => {
    const admin = await createUser({ roles: ['Owner'] });
    const changes = await recordAudit(db, staff(admin), {
      action: 'product.update',
      target: { type: 'product', id: 7, label: 'Kivik sofa (KIV-1)' },
      before: { price: 129_900, name: 'Kivik sofa', passwordHash: 'a', totpSecret: 'b', updatedAt: new Date(0) },
      after: { price: 119_900, name: 'Kivik sofa', passwordHash: 'c', totpSecret: 'd', updatedAt: new Date() },
      cents: ['price'],
    });
    expect(changes).toEqual({ price: { before: '1299.00', after: '1199.00' } });
    const row = await lastRow();
    expect(row).toMatchObject({ actorId: admin.id, actorName: admin.userName, actorEmail: admin.email, action: 'product.update', targetType: 'product', targetId: '7', targetLabel: 'Kivik sofa (KIV-1)', clientAddress: '198.51.100.4', userAgent: 'Vitest', changes: { price: { before: '1299.00', after: '1199.00' } } });
  });

  test('UPDATE, DELETE and TRUNCATE are refused by the database, and the row stays as written', async () => {
    const admin = await createUser({ roles: ['Owner'] });
    await recordAudit(db, staff(admin), { action: 'brand.create', target: { type: 'brand', id: 1, label: 'Totara' }, after: { name: 'Totara' } });
    const row = await lastRow();
    expect(await refusal(db.update(auditLog).set({ actorName: 'someone else' }).where(eq(auditLog.id, row.id)))).toMatch(/append-only/);
    expect(await refusal(db.delete(auditLog).where(eq(auditLog.id, row.id)))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only/);
    expect((await db.select().from(auditLog).where(eq(auditLog.id, row.id)))[0]).toEqual(row);
  });

  test('a change that fails takes its audit row with it (one transaction)', async () => {
    const admin = await createUser({ roles: ['Owner'] });
    const before = await lastRow();
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, staff(admin), { action: 'brand.delete', target: { type: 'brand', id: 2 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await lastRow())?.id).toBe(before?.id);
  });

  test("a customer's own export and closure are recorded under the account's number, not their name or e-mail", async () => {
    const user = await createUser();
    await exportAccountData(customerOf(user), user.id);
    expect(await lastRow()).toMatchObject({ action: 'user.export', actorId: user.id, actorName: `customer #${user.id}`, actorEmail: '', targetLabel: `customer #${user.id}` });
    await closeAccount(customerOf(user), user.id, TEST_PASSWORD, '127.0.0.1');
    const closed = await lastRow();
    expect(closed).toMatchObject({ action: 'user.close', actorId: user.id, actorName: `customer #${user.id}`, targetId: String(user.id), changes: { active: { before: true, after: false } } });
    expect(JSON.stringify(closed)).not.toContain(user.email);
  });
});
