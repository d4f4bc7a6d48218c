/**
 * Appending to the audit log (docs/accounts-and-security.md "Audit log"): every staff write, and a
 * customer's own data export or account closure, calls recordAudit in the transaction of its
 * change, so the record and the change commit or roll back together. There is no update or delete:
 * the table's triggers refuse them (migration 0030).
 */
import 'server-only';
import type { Executor } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { toDecimal } from '@/lib/money';
import { changedFields, type Changes } from './diff';

/** What was acted on: its kind (`product`, `order` …), id and a label a person recognises. */
export type AuditTarget = { type: string; id: string | number; label?: string };

export type AuditEntry = {
  /** `<target type>.<verb>`, e.g. `product.update`, `order.refund`. */
  action: string;
  target: AuditTarget;
  /** The record before the change (omit or null for a creation). */
  before?: Record<string, unknown> | null;
  /** The record after it (omit or null for a deletion). */
  after?: Record<string, unknown> | null;
  /** Fields left out of the comparison besides secrets (e.g. `updatedAt`). */
  omit?: readonly string[];
  /** Fields held in cents, recorded as dollars with two decimals ("183.80"), as staff read an amount (decision 0007). */
  cents?: readonly string[];
};

/** Bookkeeping columns that change with every write and say nothing of what was done. */
const BOOKKEEPING = ['updatedAt', 'updated_at', 'createdAt', 'created_at'];

function inDollars(record: Record<string, unknown> | null | undefined, cents: readonly string[] = []) {
  if (!record || !cents.length) return record;
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, cents.includes(k) && typeof v === 'number' ? toDecimal(v).toFixed(2) : v]));
}

/**
 * Appends one audit row in `tx`.
 * @param tx the transaction of the change; the database itself only where nothing else is written
 *   (a copy of a customer's data taken: lib/accounts/privacy-export.ts)
 * @param actor who did it; their id, name and e-mail are copied as they are now, and their
 *   request's address and user agent (SessionUser.client) when they came through a request
 * @param entry the action, target and the before/after snapshots; only changed fields are kept,
 *   never secrets (lib/audit/diff.ts)
 * @returns the changes recorded
 */
export async function recordAudit(tx: Executor, actor: SessionUser, entry: AuditEntry): Promise<Changes> {
  const row = auditRow(actor, entry);
  await tx.insert(auditLog).values(row);
  return row.changes;
}

/** The audit_log row of one entry. */
function auditRow(actor: SessionUser, entry: AuditEntry) {
  const changes = changedFields(inDollars(entry.before, entry.cents), inDollars(entry.after, entry.cents), { omit: [...BOOKKEEPING, ...(entry.omit ?? [])] });
  return {
    actorId: actor.id,
    actorName: actor.userName,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.target.type,
    targetId: String(entry.target.id),
    targetLabel: (entry.target.label ?? '').slice(0, 200),
    changes,
    clientAddress: actor.client?.address ?? '',
    userAgent: actor.client?.userAgent ?? '',
  };
}

/** Audit rows inserted per statement by recordAuditMany. */
const AUDIT_BATCH = 500;

/**
 * recordAudit for many entries of one write (a product import's products): the same rows, inserted
 * AUDIT_BATCH per statement in `tx`, since one statement per row makes a large write slow.
 */
export async function recordAuditMany(tx: Executor, actor: SessionUser, entries: AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += AUDIT_BATCH) {
    await tx.insert(auditLog).values(entries.slice(i, i + AUDIT_BATCH).map((e) => auditRow(actor, e)));
  }
}
