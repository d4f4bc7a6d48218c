/**
 * Brand input (spec §3 Brand, §7 POST/PUT /brands): a name (unique regardless of case) and an
 * optional description. Shared by the brand route handlers and the Merchant Management forms.
 */
import { z } from 'zod';

export const brandSchema = z.object({
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(100, 'Name must be at most 100 characters.'),
  description: z
    .string({ error: 'Description must be text.' })
    .trim()
    .max(1000, 'Description must be at most 1000 characters.')
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
});
/** PUT /api/brands/{id}: either field may be left out. */
export const brandUpdateSchema = brandSchema.partial();

export type BrandInput = z.output<typeof brandSchema>;
export type BrandFormValues = z.input<typeof brandSchema>;
