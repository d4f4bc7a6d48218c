/**
 * Delivery address input (spec §3 Address, §5 New address / Profile address form).
 * Shared by the profile, the order confirmation and their route handlers.
 */
import { z } from 'zod';

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
  postal_code: text('Postal code', 20),
  country: text('Country', 100),
  is_default: z.coerce.boolean().optional().default(false),
  first_name: optionalText(100),
  last_name: optionalText(100),
  phone_number: optionalText(40),
});
export type AddressInput = z.infer<typeof addressSchema>;

/** Profile form: first and last name required as well; postal code optional (spec §5). */
export const profileAddressSchema = addressSchema.extend({
  first_name: text('First name', 100),
  last_name: text('Last name', 100),
  postal_code: optionalText(20),
});
