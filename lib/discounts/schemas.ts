/**
 * Discount code input (docs/discounts.md). Shared by the route handlers,
 * the order confirmation's "Discount code" field and the back office's create form.
 *
 * JSON amounts follow the rest of the API: `value` is a percentage (10 = 10 %, up to two
 * decimals) for `percent` codes and dollars for `fixed` ones; `min_spend` is dollars. The service
 * stores basis points and cents (db/schema.ts discount_codes).
 */
import { z } from 'zod';
import { DISCOUNT_KINDS } from '@/db/statuses';

/** 3–32 letters, digits, "-" or "_"; matched regardless of case, stored upper-case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const CODE_FORMAT_MESSAGE = 'A discount code is 3 to 32 letters, digits, "-" or "_".';

/** The code as typed: trimmed, upper-cased, checked for its shape. */
export const discountCodeText = z
  .string({ error: 'Please enter a discount code.' })
  .trim()
  .min(1, 'Please enter a discount code.')
  .regex(DISCOUNT_CODE_PATTERN, CODE_FORMAT_MESSAGE)
  .transform((v) => v.toUpperCase());

const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
const MAX_FIXED_DOLLARS = 1_000_000;

const limit = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1 (leave it empty for no limit).`)
    .max(1_000_000, `${label} must be at most 1,000,000.`)
    .nullable()
    .optional();

const moment = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601).` }).nullable().optional();

const fields = {
  code: discountCodeText,
  kind: z.enum(DISCOUNT_KINDS, { error: 'Kind must be percent or fixed.' }),
  value: z.coerce.number({ error: 'Value must be a number.' }).positive('Value must be more than 0.').refine(twoDecimals, 'Value has at most 2 decimals.'),
  min_spend: z.coerce.number({ error: 'Minimum spend must be a number.' }).min(0, 'Minimum spend cannot be negative.').max(MAX_FIXED_DOLLARS, 'Minimum spend is too large.').refine(twoDecimals, 'Minimum spend has at most 2 decimals.').optional(),
  starts_at: moment('Starts at'),
  ends_at: moment('Ends at'),
  max_uses: limit('Total uses'),
  max_uses_per_customer: limit('Uses per customer'),
  active: z.boolean({ error: 'Active must be true or false.' }).optional(),
  category_ids: z.array(z.coerce.number().int().positive('Category ids are positive whole numbers.'), { error: 'category_ids must be a list of category ids.' }).max(100, 'At most 100 categories.').optional(),
};

type Checked = { kind?: 'percent' | 'fixed'; value?: number; starts_at?: string | null; ends_at?: string | null };

/** Cross-field rules: a percentage of at most 100, a fixed amount within reason, the end after the start. */
function crossCheck(v: Checked, ctx: z.RefinementCtx) {
  if (v.kind === 'percent' && v.value !== undefined && v.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is at most 100.' });
  if (v.kind === 'fixed' && v.value !== undefined && v.value > MAX_FIXED_DOLLARS) ctx.addIssue({ code: 'custom', path: ['value'], message: 'That amount is too large.' });
  if (v.starts_at && v.ends_at && Date.parse(v.ends_at) <= Date.parse(v.starts_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' });
}

/** POST /api/discount-codes. */
export const discountCodeCreateSchema = z.object(fields).superRefine(crossCheck);
export type DiscountCodeCreateInput = z.output<typeof discountCodeCreateSchema>;

/**
 * PATCH /api/discount-codes/{id}: any field; `{active: false}` switches a code off. When `kind`
 * or `value` change the other is checked against the code's stored one by the service.
 */
export const discountCodeUpdateSchema = z
  .object(fields)
  .partial()
  .superRefine((v, ctx) => {
    crossCheck(v, ctx);
    if (Object.values(v).every((x) => x === undefined)) ctx.addIssue({ code: 'custom', path: [], message: 'Nothing to change.' });
  });
export type DiscountCodeUpdateInput = z.output<typeof discountCodeUpdateSchema>;

/**
 * POST /api/discount-codes/preview: a code and, optionally, which cart lines the order will carry
 * (the order confirmation's selection; left out: the whole cart).
 */
export const discountPreviewSchema = z.object({
  code: discountCodeText,
  cart_item_ids: z.array(z.coerce.number().int().positive('cart_item_ids are positive whole numbers.')).min(1, 'Please select items to checkout.').max(200, 'Too many items in one order.').optional(),
});
export type DiscountPreviewInput = z.output<typeof discountPreviewSchema>;

/** The optional `discount_code` of POST /api/orders: blank or null means none. */
export const orderDiscountCodeField = z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), discountCodeText.optional());

/**
 * The back office's create form (react-hook-form): text inputs as typed; toDiscountCodeBody()
 * turns them into the POST body (local date-times into ISO instants, empty limits into null).
 */
export const discountCodeFormSchema = z
  .object({
    code: discountCodeText,
    kind: z.enum(DISCOUNT_KINDS),
    value: z.string().trim().min(1, 'Value is required.').transform(Number).pipe(z.number({ error: 'Value must be a number.' }).positive('Value must be more than 0.').refine(twoDecimals, 'Value has at most 2 decimals.')),
    min_spend: z.string().trim().refine((s) => s === '' || (Number.isFinite(Number(s)) && Number(s) >= 0 && twoDecimals(Number(s))), 'Minimum spend is an amount in dollars, e.g. 150 or 99.50.'),
    starts_at: z.string(),
    ends_at: z.string(),
    max_uses: z.string().trim().refine((s) => s === '' || /^[1-9]\d{0,6}$/.test(s), 'Total uses is a whole number of at least 1, or empty for no limit.'),
    max_uses_per_customer: z.string().trim().refine((s) => s === '' || /^[1-9]\d{0,6}$/.test(s), 'Uses per customer is a whole number of at least 1, or empty for no limit.'),
    category_ids: z.array(z.string()),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && v.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is at most 100.' });
    if (v.starts_at && v.ends_at && new Date(v.ends_at).getTime() <= new Date(v.starts_at).getTime()) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' });
  });
export type DiscountCodeFormInput = z.input<typeof discountCodeFormSchema>;
export type DiscountCodeFormOutput = z.output<typeof discountCodeFormSchema>;

/** The form's values → the POST /api/discount-codes body (date-times read in the browser's time zone). */
export function toDiscountCodeBody(v: DiscountCodeFormOutput) {
  const instant = (s: string) => (s ? new Date(s).toISOString() : null);
  const whole = (s: string) => (s.trim() ? Number(s) : null);
  return {
    code: v.code,
    kind: v.kind,
    value: v.value,
    min_spend: v.min_spend.trim() ? Number(v.min_spend) : 0,
    starts_at: instant(v.starts_at),
    ends_at: instant(v.ends_at),
    max_uses: whole(v.max_uses),
    max_uses_per_customer: whole(v.max_uses_per_customer),
    category_ids: v.category_ids.map(Number),
  };
}

/**
 * A stored code (its JSON) → the form's inputs, for editing: instants as the browser's local
 * date-time (the datetime-local inputs' format), empty limits as empty text.
 */
export function fromDiscountCodeJson(c: {
  code: string;
  kind: DiscountCodeFormInput['kind'];
  value: number;
  min_spend: number;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  categories: { category_id: number }[];
}): DiscountCodeFormInput {
  const local = (iso: string | null) => {
    if (!iso) return '';
    const d = new Date(iso);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  };
  return {
    code: c.code,
    kind: c.kind,
    value: String(c.value),
    min_spend: c.min_spend > 0 ? String(c.min_spend) : '',
    starts_at: local(c.starts_at),
    ends_at: local(c.ends_at),
    max_uses: c.max_uses === null ? '' : String(c.max_uses),
    max_uses_per_customer: c.max_uses_per_customer === null ? '' : String(c.max_uses_per_customer),
    category_ids: c.categories.map((x) => String(x.category_id)),
  };
}
