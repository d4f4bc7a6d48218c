/**
 * Input of the back-in-stock alert routes (docs/mail.md "Back-in-stock alerts"), shared by the
 * handlers and the product page's form. Browser-safe.
 */
import { z } from 'zod';

/** Longest e-mail address SMTP carries (RFC 5321 path limit). */
const EMAIL_MAX = 254;

/** An address to write to: trimmed, lower-cased. */
const alertEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters.`)
  .pipe(z.email('Please enter a valid email address.'))
  .transform((v) => v.toLowerCase());

/**
 * POST /api/products/{id}/stock-alerts. A visitor gives the address to write to; a signed-in
 * customer sends nothing (their account's address is used, and an address sent is ignored).
 */
export const stockAlertRequestSchema = z.strictObject({ email: alertEmail.optional() });

/** The visitor's form on the product page: the address is required there. */
export const stockAlertVisitorFormSchema = z.object({ email: z.string().trim().min(1, 'Please enter your email address.').pipe(alertEmail) });
export type StockAlertRequest = z.infer<typeof stockAlertRequestSchema>;

/** The random token of an alert's links (43 URL-safe characters; anything else is not a link of ours). */
export const stockAlertToken = z.string({ error: 'This link is not valid.' }).trim().min(1, 'This link is not valid.').max(100, 'This link is not valid.');

/** POST /api/stock-alerts/confirm: the token of the confirmation link. */
export const stockAlertConfirmSchema = z.strictObject({ token: stockAlertToken });

/** POST /api/stock-alerts/unsubscribe?token=…: the token in the query, as RFC 8058 one-click unsubscribe wants it. */
export const stockAlertTokenQuery = z.object({ token: stockAlertToken });
