/** Answers of the back-in-stock alert routes (docs/mail.md "Back-in-stock alerts"). */
import { z } from 'zod';
import { contracts, count, id } from '@/lib/server/contracts';

/**
 * POST /api/products/{id}/stock-alerts. `subscribed`: a signed-in customer's alert, active now;
 * `confirmation_sent`: a visitor's, which waits for the link e-mailed to the address (the same
 * answer whether the address was new, waiting or confirmed already, so it tells no one who else
 * asked). `email` is the address the alert goes to.
 */
export const stockAlertJson = z
  .strictObject({ product_id: id, email: z.string(), status: z.enum(['subscribed', 'confirmation_sent']), message: z.string().min(1) })
  .register(contracts, { id: 'StockAlert' });

/** What a confirmation or unsubscribe link leads to: the alert's address and product, and the outcome. */
export const stockAlertLinkJson = z
  .strictObject({
    email: z.string(),
    product: z.strictObject({ id, name: z.string(), in_stock: z.boolean() }),
    status: z.enum(['confirmed', 'unsubscribed', 'ended']),
    /** Alerts of the address that an unsubscribe ended (0 for a confirmation). */
    ended: count,
    message: z.string().min(1),
  })
  .register(contracts, { id: 'StockAlertLink' });

export type StockAlertJson = z.infer<typeof stockAlertJson>;
export type StockAlertLinkJson = z.infer<typeof stockAlertLinkJson>;
