/** Contact input (spec §3 Contact, §5 Contact form): every field required. */
import { z } from 'zod';
import { checkPhone } from './phone';

const text = (label: string, max: number) => z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);

export const contactSchema = z.object({
  first_name: text('First name', 100),
  last_name: text('Last name', 100),
  phone_number: z.string({ error: 'Phone number is required.' }).trim().min(1, 'Phone number is required.').superRefine(checkPhone),
  email: z.string({ error: 'Email is required.' }).trim().toLowerCase().email('Please enter a valid email address.').max(254),
  is_default: z.coerce.boolean().optional().default(false),
});
export type ContactInput = z.infer<typeof contactSchema>;
