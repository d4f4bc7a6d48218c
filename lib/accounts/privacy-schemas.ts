/**
 * Input and answer of closing an account (docs/accounts-and-security.md "A customer's own data"),
 * shared by the route handlers and the Profile → Privacy dialog. Browser-safe.
 */
import { z } from 'zod';
import { PASSWORD_MAX } from './schemas';

/** POST /api/profile/close: the account's current password. */
export const closeAccountSchema = z.strictObject({
  password: z.string({ error: 'Enter your password to close your account.' }).min(1, 'Enter your password to close your account.').max(PASSWORD_MAX, 'Your password is not correct.'),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

/** The answer of closing an account: what happened, and how many saved cards are being detached at the gateway (after the answer, with retries). */
export const accountClosedJson = z.strictObject({ success: z.literal(true), message: z.string().min(1), cards_to_detach: z.number().int().nonnegative() });
export type AccountClosedJson = z.infer<typeof accountClosedJson>;

/** What a closed account's owner is told. */
export const ACCOUNT_CLOSED = 'Your account is closed. Your orders and tax invoices are kept as the law requires; everything else that named you is gone.';
