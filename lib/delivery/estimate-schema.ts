/** GET /api/delivery/estimate's query: the product and how many (default one). Shared by the route and the client. */
import { z } from 'zod';

const whole = (label: string, max: number) =>
  z.coerce.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).min(1, `${label} must be at least 1.`).max(max, `${label} must be at most ${max}.`);

export const deliveryEstimateQuerySchema = z.object({
  product_id: whole('product_id', 2_147_483_647),
  quantity: whole('quantity', 999).default(1),
});
export type DeliveryEstimateQuery = z.infer<typeof deliveryEstimateQuerySchema>;
