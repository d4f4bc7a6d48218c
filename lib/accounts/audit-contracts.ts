/** The audit log's answers (GET /api/audit): docs/back-office.md "Audit log". */
import { z } from 'zod';
import { contracts, count, dateTime, id } from '@/lib/server/contracts';

/** One field's value before and after (any JSON value; null where it did not exist). */
const fieldChangeJson = z.strictObject({ before: z.unknown(), after: z.unknown() });

export const auditEntryJson = z
  .strictObject({
    id,
    at: dateTime,
    actor: z.strictObject({ user_id: id, name: z.string(), email: z.string() }),
    action: z.string().min(1),
    target: z.strictObject({ type: z.string().min(1), id: z.string(), label: z.string() }),
    changes: z.record(z.string(), fieldChangeJson),
    client_address: z.string(),
    user_agent: z.string(),
  })
  .register(contracts, { id: 'AuditEntry' });
export type AuditEntryJson = z.infer<typeof auditEntryJson>;

export const auditPageJson = z
  .strictObject({ entries: z.array(auditEntryJson), page: z.number().int().positive(), totalPages: z.number().int().positive(), total: count })
  .register(contracts, { id: 'AuditPage' });
export type AuditPageJson = z.infer<typeof auditPageJson>;
