// GET /api/orders — list orders; POST /api/orders — place an order (spec §7 storefront: GET /orders, POST /orders)
import { json, pagedJson, route } from '@/lib/http/route';
import { listOrders } from '@/lib/orders/queries';
import { createOrder } from '@/lib/orders/service';
import { createOrderSchema, orderListQuerySchema } from '@/lib/orders/schemas';

export const dynamic = 'force-dynamic';

/**
 * Query ?page (from 1), ?limit (1 to ORDERS_MAX_LIMIT, the default), ?status. → 200 an ARRAY of orders (spec §3
 * Order shape, money in dollars), newest first: the customer's own, or every order for an admin
 * (with user {user_name} and user_id). Paging facts travel in headers so the body stays the plain
 * array the spec's client reads: X-Total-Count, X-Page, X-Per-Page, X-Total-Pages.
 */
export const GET = route({ auth: 'user', query: orderListQuerySchema }, async ({ user, query }) => {
  const page = await listOrders(user, query);
  return pagedJson(page.orders, page);
});

/**
 * Body {cartItems: [{cart_item_id, product_id?, quantity?, price? (ignored)}], addressId | newAddress,
 * contactId | newContact, customer_message?}. Prices come from the database; stock is reserved;
 * the ordered lines leave the cart. → 201 {order: {order_id, id, …}}; 400 invalid; 401; 404 a line,
 * address or contact not the user's; 409 stock short ("Only N left of {name}.") or cart changed.
 */
export const POST = route({ auth: 'user', body: createOrderSchema }, async ({ user, body }) => {
  const order = await createOrder(user.id, body);
  return json({ message: 'Order created.', order }, 201);
});
