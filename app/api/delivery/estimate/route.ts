// GET /api/delivery/estimate — what a product costs to deliver to the signed-in customer
import { route } from '@/lib/http/route';
import { estimateProductDelivery } from '@/lib/accounts/delivery-estimate';
import { deliveryEstimateQuerySchema } from '@/lib/delivery/estimate-schema';

export const dynamic = 'force-dynamic';

/**
 * Query ?product_id&quantity (default 1). The product page's line for a signed-in customer: the
 * service the checkout will preselect for their saved address (the default, else the first) and its
 * price, or "from" the lowest over the served zones without a saved address (docs/delivery.md
 * "Estimates"). → 200 {kind: address | from | none, postcode, zone, service_kind, service_name,
 * price (dollars, delivery plus any assembly), problem}; 400 a bad query; 401; 404 no such product.
 */
export const GET = route({ auth: 'user', query: deliveryEstimateQuerySchema }, ({ user, query }) => estimateProductDelivery(user.id, query.product_id, query.quantity));
