/**
 * Discount code contracts: the back office's code, with its uses, and the
 * customer's preview of a code on the order about to be placed. Money in decimal dollars.
 */
import { z } from 'zod';
import { DISCOUNT_KINDS } from '@/db/statuses';
import { contracts, count, dateTime, id, money } from '@/lib/server/contracts';

/** Where a code stands now: usable, not yet started, past its end, switched off, or every use taken. */
export const DISCOUNT_STATES = ['active', 'scheduled', 'expired', 'off', 'used_up'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

export const discountCodeJson = z
  .strictObject({
    discount_code_id: id,
    code: z.string().min(1),
    kind: z.enum(DISCOUNT_KINDS),
    /** percent: the percentage (10 = 10 %); fixed: dollars off. */
    value: z.number().positive(),
    min_spend: money,
    starts_at: dateTime.nullable(),
    ends_at: dateTime.nullable(),
    max_uses: z.number().int().positive().nullable(),
    max_uses_per_customer: z.number().int().positive().nullable(),
    active: z.boolean(),
    /** Limited to these categories (a room includes its subcategories); empty: every product. */
    categories: z.array(z.strictObject({ category_id: id, name: z.string().min(1) })),
    /** Orders carrying the code that are not cancelled. */
    uses: count,
    state: z.enum(DISCOUNT_STATES),
    created_at: dateTime,
  })
  .register(contracts, { id: 'DiscountCode' });
export type DiscountCodeJson = z.infer<typeof discountCodeJson>;

/** POST /api/discount-codes/preview: the code priced on the selected cart lines, with the totals the order would have. */
export const discountPreviewJson = z
  .strictObject({
    code: z.string().min(1),
    /** "10% off" or "$25.00 off". */
    description: z.string().min(1),
    /** The goods the code applies to. */
    eligible_subtotal: money,
    discount_amount: money,
    subtotal: money,
    shipping_fee: money,
    gst_amount: money,
    gst_rate_percent: z.number().min(0).max(100),
    prices_include_gst: z.boolean(),
    total_amount: money,
    currency: z.string().length(3),
  })
  .register(contracts, { id: 'DiscountPreview' });
export type DiscountPreviewJson = z.infer<typeof discountPreviewJson>;
