/**
 * Finance Center input (spec §2 Finance Center, docs/architecture.md "Finance Center"): manual transactions,
 * payouts and the report's date range. Dates are calendar days (YYYY-MM-DD) in the store's time
 * zone; amounts are decimal dollars in the store currency (> 0, at most 2 decimals).
 */
import { z } from 'zod';

/** YYYY-MM-DD that is a real calendar day. */
export const dayField = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100;
    }, `${label} must be a real date between 2000 and 2100.`);

const money = z
  .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/, 'Amount must be a number.').transform(Number)], { error: 'Amount must be a number.' })
  .pipe(
    z
      .number()
      .gt(0, 'Amount must be more than 0.')
      .max(100_000_000, 'Amount must be at most 100,000,000.')
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Amount may have at most 2 decimals.'),
  );

/** POST /api/finance/transactions */
export const financeTransactionSchema = z.object({
  date: dayField('Date'),
  description: z.string({ error: 'Description is required.' }).trim().min(1, 'Description is required.').max(200, 'Description must be at most 200 characters.'),
  amount: money,
  type: z.enum(['income', 'expense'], { error: 'Type must be income or expense.' }),
});
export type FinanceTransactionInput = z.infer<typeof financeTransactionSchema>;

/** POST /api/finance/payouts */
export const payoutSchema = z.object({
  date: dayField('Date'),
  amount: money,
  recipient: z.string({ error: 'Recipient is required.' }).trim().min(1, 'Recipient is required.').max(120, 'Recipient must be at most 120 characters.'),
  status: z.enum(['processed', 'pending'], { error: 'Status must be processed or pending.' }).default('pending'),
});
export type PayoutInput = z.infer<typeof payoutSchema>;

/** ?page&limit of the finance lists. */
export const financePageQuery = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  limit: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
  from: dayField('From').optional(),
  to: dayField('To').optional(),
});

/** GET /api/finance/report?from&to — both required, from ≤ to. */
export const reportRangeSchema = z
  .object({ from: dayField('From date'), to: dayField('To date') })
  .refine((r) => r.from <= r.to, { message: 'The From date must be on or before the To date.', path: ['to'] });
export type ReportRange = z.infer<typeof reportRangeSchema>;
