/**
 * The filters of the audit log (docs/back-office.md "Audit log"), shared by GET /api/audit,
 * GET /api/audit/export and the /admin/audit address: a staff member, a target (type and/or id),
 * an action and calendar days `from` / `to` (YYYY-MM-DD in the shop's time zone, inclusive).
 * Blank fields are no filter. Browser-safe.
 */
import { z } from 'zod';
import { dayField } from '@/lib/finance/schemas';

/** Rows a page of the audit log shows. */
export const AUDIT_PAGE_SIZE = 25;

export const AUDIT_FROM_AFTER_TO = 'The From date must be on or before the To date.';

/** Optional text: trimmed, blank → absent, at most `max` characters. */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .transform((v) => v || undefined)
    .optional();

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const auditFilterFields = {
  actor_id: z.preprocess(blankToUndefined, z.coerce.number({ error: 'actor_id must be a user id.' }).int('actor_id must be a user id.').positive('actor_id must be a user id.').optional()),
  target_type: text('target_type', 40),
  target_id: text('target_id', 40),
  action: text('action', 60),
  from: z.preprocess(blankToUndefined, dayField('From date').optional()),
  to: z.preprocess(blankToUndefined, dayField('To date').optional()),
};

const fromNotAfterTo = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;

/** GET /api/audit/export: the filters without paging. */
export const auditFilterSchema = z.object(auditFilterFields).refine(fromNotAfterTo, { message: AUDIT_FROM_AFTER_TO, path: ['to'] });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** GET /api/audit: the filters and `page` (1 …; a page past the end shows the last). */
export const auditQuerySchema = z
  .object({ ...auditFilterFields, page: z.preprocess(blankToUndefined, z.coerce.number({ error: 'page must be a whole number.' }).int('page must be a whole number.').min(1, 'page must be 1 or more.').optional()) })
  .refine(fromNotAfterTo, { message: AUDIT_FROM_AFTER_TO, path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;
