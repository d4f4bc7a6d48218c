/**
 * Input of /admin/delivery: zones, services and pickup locations. Shared by the route
 * handlers (app/api/delivery/...) and the back-office forms (components/orders/admin/delivery-*.tsx).
 * Money in decimal dollars (stored as cents); postcodes as four-digit strings.
 */
import { z } from 'zod';
import { DELIVERY_SERVICE_KINDS } from '@/db/statuses';
import { NZ_REGION_CODES } from './regions';

const POSTCODE = 'Postcodes are four digits, e.g. 0600.';
const postcode = z.string({ error: POSTCODE }).trim().regex(/^\d{4}$/, POSTCODE);
const text = (label: string, max: number) => z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);
const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` });

/** Dollars (number or string) → a number with at most two decimals, 0–100,000. */
const dollars = (label: string) =>
  z.union([z.number(), z.string()], { error: `${label} is required.` }).transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (!/^\d+(\.\d{1,2})?$/.test(s) || Number(s) > 100_000) {
      ctx.addIssue({ code: 'custom', message: `${label} must be an amount from 0 to 100000 with at most two decimals.` });
      return z.NEVER;
    }
    return Number(s);
  });
/** Optional dollars: '' or null → null. */
const optionalDollars = (label: string) => z.preprocess((v) => (v === '' || v === undefined ? null : v), dollars(label).nullable());
const whole = (label: string, max: number) => z.coerce.number({ error: `${label} must be a whole number.` }).int(`${label} must be a whole number.`).min(0, `${label} must be 0 or more.`).max(max, `${label} must be at most ${max}.`);

export const zoneInputSchema = z
  .object({
    name: text('Name', 100),
    postcode_ranges: z
      .array(z.object({ from: postcode, to: postcode }).refine((r) => r.from <= r.to, { message: 'A postcode range must start at or before its end.' }), { error: 'postcode_ranges must be a list of {from, to}.' })
      .max(200, 'At most 200 postcode ranges.'),
    postcodes: z.array(postcode, { error: 'postcodes must be a list of postcodes.' }).max(5000, 'At most 5000 postcodes.'),
    served: flag('Served'),
    sort_order: whole('Sort order', 1000).default(0),
    /** The region whose anniversary day is skipped (lib/delivery/regions.ts); '' or null: none. */
    region: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(NZ_REGION_CODES, { error: `region must be one of ${NZ_REGION_CODES.join(', ')}, or null.` }).nullable()),
  })
  .refine((z) => z.postcode_ranges.length > 0 || z.postcodes.length > 0, { message: 'A zone needs at least one postcode range or postcode.', path: ['postcodes'] });
export type ZoneInput = z.output<typeof zoneInputSchema>;

/** "0600-0699, 1010–1072" → ranges; "1081 0991" → postcodes (the form's text fields). Invalid pieces are kept for the schema to report. */
export function parseRangesText(textValue: string): { from: string; to: string }[] {
  return textValue
    .split(/[,;\n]+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const [from, to = from] = p.split(/\s*[-–—]\s*/);
      return { from: from.trim(), to: to.trim() };
    });
}
export const parsePostcodesText = (textValue: string) => textValue.split(/[\s,;]+/).map((p) => p.trim()).filter(Boolean);
export const rangesText = (ranges: { from: string; to: string }[]) => ranges.map((r) => (r.from === r.to ? r.from : `${r.from}–${r.to}`)).join(', ');

/** The zone dialog's fields (text), turned into zoneInputSchema's body; errors land on the field they are about. */
export const zoneFormSchema = z
  .object({ name: z.string(), ranges: z.string(), postcodes: z.string(), served: z.boolean(), sort_order: z.string(), region: z.string() })
  .transform((v, ctx) => {
    const r = zoneInputSchema.safeParse({ name: v.name, postcode_ranges: parseRangesText(v.ranges), postcodes: parsePostcodesText(v.postcodes), served: v.served, sort_order: v.sort_order || 0, region: v.region });
    if (r.success) return r.data;
    const field: Record<string, string> = { postcode_ranges: 'ranges', postcodes: 'postcodes', name: 'name', sort_order: 'sort_order', served: 'served', region: 'region' };
    for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [field[String(issue.path[0])] ?? 'postcodes'] });
    return z.NEVER;
  });

const serviceFields = {
  kind: z.enum(DELIVERY_SERVICE_KINDS, { error: `kind must be one of ${DELIVERY_SERVICE_KINDS.join(', ')}.` }),
  name: text('Name', 100),
  fee: dollars('Fee'),
  bulky_surcharge: dollars('Bulky surcharge').default(0),
  free_over: optionalDollars('Free over').default(null),
  lead_days: whole('Lead days', 60),
  weekdays: z
    .array(z.coerce.number().int().min(1, 'Weekdays are 1 (Monday) to 7 (Sunday).').max(7, 'Weekdays are 1 (Monday) to 7 (Sunday).'), { error: 'weekdays must be a list of 1 (Monday) to 7 (Sunday).' })
    .min(1, 'Choose at least one weekday.')
    .transform((days) => [...new Set(days)].sort()),
  /** Two-person services: orders per day's morning or afternoon; empty = no limit. */
  capacity_per_window: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.coerce.number({ error: 'Capacity must be a whole number.' }).int('Capacity must be a whole number.').min(1, 'Capacity must be at least 1 (empty: no limit).').max(10_000, 'Capacity must be at most 10000.').nullable()),
  pickup_location_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.coerce.number().int().positive('Choose a pickup location.').nullable()),
  active: flag('Active'),
};
const pickupRule = (v: { kind: string; pickup_location_id: number | null }) => v.kind !== 'click_collect' || v.pickup_location_id !== null;
const PICKUP_NEEDED = { message: 'Click & collect needs a pickup location.', path: ['pickup_location_id'] };

/** POST /api/delivery/services. */
export const serviceCreateSchema = z.object({ zone_id: z.coerce.number({ error: 'zone_id must be a number.' }).int().positive('zone_id must be a positive whole number.'), ...serviceFields }).refine(pickupRule, PICKUP_NEEDED);
/** PUT /api/delivery/services/{id}: every field of the service (its zone stays). */
export const serviceUpdateSchema = z.object(serviceFields).refine(pickupRule, PICKUP_NEEDED);
export type ServiceCreateInput = z.output<typeof serviceCreateSchema>;
export type ServiceUpdateInput = z.output<typeof serviceUpdateSchema>;

/** POST /api/delivery/pickup-locations, PUT /api/delivery/pickup-locations/{id}. */
export const pickupInputSchema = z.object({ name: text('Name', 100), address: text('Address', 300), opening_hours: text('Opening hours', 300), active: flag('Active') });
export type PickupInput = z.output<typeof pickupInputSchema>;
