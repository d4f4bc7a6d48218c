// POST /api/delivery/quote — the delivery services offered for selected cart lines to an address
import { route } from '@/lib/http/route';
import { quoteForCart } from '@/lib/orders/delivery-quote';
import { toQuoteJson } from '@/lib/delivery/service';
import { deliveryQuoteSchema } from '@/lib/orders/schemas';

export const dynamic = 'force-dynamic';

/**
 * Body {cartItems: [{cart_item_id}], addressId | address {postal_code, country}}. Priced by the
 * server from the products' current prices, shipping classes and assembly fees (nothing the client
 * sends is a price). → 200 {zone {zone_id, name}, postcode, services [{service_id, kind, name, fee,
 * assembly_fee, price, free_over, earliest_date, pickup}]} cheapest first; 400 invalid, the address
 * outside every zone or not served, or no service fits every line; 401; 404 a line or address not the user's.
 */
export const POST = route({ auth: 'user', body: deliveryQuoteSchema }, async ({ user, body }) =>
  toQuoteJson(await quoteForCart(user.id, { cartItemIds: body.cartItems.map((l) => l.cart_item_id), addressId: body.addressId, address: body.address })),
);
