/**
 * Input of refunds and returns, shared by the route handlers
 * (POST /api/orders/{id}/refunds, POST /api/orders/{id}/returns, PUT /api/returns/{id}) and the
 * forms (the admin's Refund dialog, the customer's Return items dialog, the Returns queue).
 * Money is decimal dollars, as everywhere in the REST contract (DESIGN "Data": `price: 1299.5`).
 */
import { z } from 'zod';
import { RETURN_STATUSES } from '@/db/statuses';

export const REFUND_REASON_MAX = 500;
export const RETURN_REASON_MAX = 1000;
export const RETURN_MESSAGE_MAX = 1000;
/** Largest refund an administrator may type, in dollars (the payment caps it anyway). */
export const MAX_REFUND_DOLLARS = 10_000_000;

const quantity = z.number({ error: 'Quantity must be a number.' }).int('Quantity must be a whole number.').min(1, 'Quantity must be at least 1').max(10_000, 'Quantity must be at most 10000.');

/** One order line and how many of its units. */
export const lineQuantitySchema = z.object({
  orderItemId: z.number({ error: 'orderItemId must be a number.' }).int().positive('orderItemId must be a positive whole number.'),
  quantity,
});
export type LineQuantity = z.infer<typeof lineQuantitySchema>;

const noRepeatedLines = (lines: LineQuantity[] | undefined) => !lines || new Set(lines.map((l) => l.orderItemId)).size === lines.length;

/**
 * POST /api/orders/{id}/refunds: chosen lines and quantities (refunded at their price), or an
 * amount in dollars, and/or the delivery fee; restock puts the lines' units back on the shelves
 * once the refund succeeds. `idempotencyKey` (8–100 characters; one per dialog opening): the same
 * key again returns the same refund.
 */
export const refundInputSchema = z
  .object({
    lines: z.array(lineQuantitySchema).max(200).optional(),
    amount: z
      .number({ error: 'Amount must be a number.' })
      .positive('Amount must be more than 0.')
      .max(MAX_REFUND_DOLLARS, 'Amount is too large.')
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Amount must have at most 2 decimals.')
      .optional(),
    includeDeliveryFee: z.boolean({ error: 'includeDeliveryFee must be true or false.' }).optional().default(false),
    restock: z.boolean({ error: 'restock must be true or false.' }).optional().default(false),
    reason: z.string({ error: 'Reason must be text.' }).trim().max(REFUND_REASON_MAX, `Reason must be at most ${REFUND_REASON_MAX} characters.`).optional(),
    idempotencyKey: z
      .string({ error: 'idempotencyKey is required.' })
      .trim()
      .min(8, 'idempotencyKey must be at least 8 characters.')
      .max(100, 'idempotencyKey must be at most 100 characters.')
      .regex(/^[A-Za-z0-9_:.-]+$/, 'idempotencyKey may hold letters, digits and _ : . - only.'),
  })
  .refine((v) => noRepeatedLines(v.lines), { message: 'Each order line may appear once.', path: ['lines'] })
  .refine((v) => !(v.lines?.length && v.amount !== undefined), { message: 'Refund chosen lines or an amount, not both.', path: ['amount'] })
  .refine((v) => (v.lines?.length ?? 0) > 0 || v.amount !== undefined || v.includeDeliveryFee, { message: 'Choose lines, an amount or the delivery fee to refund.', path: ['lines'] });
export type RefundInput = z.output<typeof refundInputSchema>;

/** POST /api/orders/{id}/returns: the lines and quantities to send back, and why. */
export const returnRequestSchema = z
  .object({
    lines: z.array(lineQuantitySchema).min(1, 'Choose at least one item to return.').max(200),
    reason: z.string({ error: 'Reason must be text.' }).trim().min(3, 'Please tell us why you are returning it.').max(RETURN_REASON_MAX, `Reason must be at most ${RETURN_REASON_MAX} characters.`),
  })
  .refine((v) => noRepeatedLines(v.lines), { message: 'Each order line may appear once.', path: ['lines'] });
export type ReturnRequestInput = z.output<typeof returnRequestSchema>;

/** The states an administrator moves a return to (requested is where it starts). */
export const RETURN_TARGETS = RETURN_STATUSES.filter((s) => s !== 'requested') as Exclude<(typeof RETURN_STATUSES)[number], 'requested'>[];

/**
 * PUT /api/returns/{id}: approve or decline (with a message to the customer), mark received, refund
 * (with restock). With `refunded`, `deduct_collection_fee: true` deducts the settings'
 * return_collection_fee from the refund (the shop collected the items; left out or false: the
 * customer dropped them off, no fee).
 */
export const returnUpdateSchema = z
  .object({
    status: z.enum(RETURN_TARGETS as [string, ...string[]], { error: `Status must be one of ${RETURN_TARGETS.join(', ')}.` }).transform((s) => s as (typeof RETURN_TARGETS)[number]),
    message: z.string({ error: 'Message must be text.' }).trim().max(RETURN_MESSAGE_MAX, `Message must be at most ${RETURN_MESSAGE_MAX} characters.`).optional(),
    deduct_collection_fee: z.boolean({ error: 'deduct_collection_fee must be true or false.' }).optional(),
  })
  .refine((v) => !v.deduct_collection_fee || v.status === 'refunded', { message: 'The collection fee is deducted only when refunding a return.', path: ['deduct_collection_fee'] });
export type ReturnUpdateInput = z.output<typeof returnUpdateSchema>;

export const RETURNS_PER_PAGE = 20;
export const RETURN_FILTERS = ['open', ...RETURN_STATUSES, 'all'] as const;
export type ReturnFilter = (typeof RETURN_FILTERS)[number];

/** GET /api/returns ?status=open (requested, approved, received; the default for administrators) | one status | all; ?order_id; ?page. */
export const returnQuerySchema = z.object({
  status: z.enum(RETURN_FILTERS).optional(),
  order_id: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
