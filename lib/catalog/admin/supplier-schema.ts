/**
 * Supplier input (spec §3 Supplier, §7 POST/PUT /suppliers): a name (unique regardless of case)
 * and optional contact info. Shared by the supplier route handlers and the Merchant Management forms.
 */
import { z } from 'zod';

export const supplierSchema = z.object({
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(100, 'Name must be at most 100 characters.'),
  contact_info: z
    .string({ error: 'Contact info must be text.' })
    .trim()
    .max(1000, 'Contact info must be at most 1000 characters.')
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
});
/** PUT /api/suppliers/{id}: either field may be left out. */
export const supplierUpdateSchema = supplierSchema.partial();

export type SupplierInput = z.output<typeof supplierSchema>;
export type SupplierFormValues = z.input<typeof supplierSchema>;
