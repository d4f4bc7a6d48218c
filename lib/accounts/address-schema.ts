/**
 * Delivery address input (spec §3 Address, §5 New address / Profile address form).
 * Shared by the profile, the order confirmation, the delivery quote and their route handlers.
 */
import { z } from 'zod';

/** What a shopper is told for a postcode that is not four digits (docs/buying.md "Addresses"). */
export const POSTCODE_FORMAT = 'Please enter a four-digit New Zealand postcode, e.g. 6011.';

/** A New Zealand postcode as NZ Post writes it: four digits ("0600", not "600", "abcd" or "99999"). */
export const NZ_POSTCODE = /^\d{4}$/;

/**
 * The one postcode rule of every address form, the checkout and the API: required, four digits
 * after trimming. Whether the shop delivers there is the delivery quote's question (lib/delivery).
 */
export const postcodeSchema = z
  .string({ error: 'Postal code is required.' })
  .trim()
  .min(1, 'Postal code is required.')
  .regex(NZ_POSTCODE, POSTCODE_FORMAT);

const text = (label: string, max = 120) => z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);
const optionalText = (max = 120) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Order page form: street, city, postal code and country required; state optional. */
export const addressSchema = z.object({
  street_address: text('Street address', 200),
  city: text('City', 100),
  state_province: optionalText(100),
  postal_code: postcodeSchema,
  country: text('Country', 100),
  is_default: z.coerce.boolean().optional().default(false),
  first_name: optionalText(100),
  last_name: optionalText(100),
  phone_number: optionalText(40),
});
export type AddressInput = z.infer<typeof addressSchema>;

/**
 * Profile form: first and last name required as well. The postal code is required here too (the
 * spec's profile form had it optional, but an address without one cannot be quoted or delivered to).
 */
export const profileAddressSchema = addressSchema.extend({
  first_name: text('First name', 100),
  last_name: text('Last name', 100),
});
