/**
 * The search fields of Order Management, shared by GET /api/orders,
 * GET /api/orders/export and the /admin/order address: `q` (an order number, or part of the
 * customer's user name, name or e-mail), `from` / `to` (calendar days YYYY-MM-DD in the shop's
 * time zone, inclusive; `from` after `to` is refused). Browser-safe.
 */
import { z } from 'zod';
import { dayField } from '@/lib/finance/schemas';
import { ORDER_STATUSES } from '@/lib/orders/rules';

/** Longest search text accepted. */
export const ORDER_SEARCH_MAX = 100;
export const FROM_AFTER_TO = 'The From date must be on or before the To date.';

export const orderSearchFields = {
  q: z
    .string({ error: 'q must be text.' })
    .trim()
    .max(ORDER_SEARCH_MAX, `The search must be at most ${ORDER_SEARCH_MAX} characters.`)
    .transform((v) => v || undefined)
    .optional(),
  from: dayField('From date').optional(),
  to: dayField('To date').optional(),
};

/** For `.refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['to'] })`. */
export const fromNotAfterTo = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;

export type OrderSearch = { q?: string; from?: string; to?: string };

/** "1042" or "#1042" → 1042 (an order number); anything else → null. */
export function orderNumberOf(q: string): number | null {
  const m = /^#?\s*(\d{1,9})$/.exec(q.trim());
  return m ? Number(m[1]) : null;
}

/** GET /api/orders/export: the list's filters without paging (?status&q&from&to). */
export const orderExportQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
    ...orderSearchFields,
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['to'] });
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;
