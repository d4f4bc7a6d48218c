/**
 * The delivery quote of checkout: the customer's selected cart lines to one of their saved
 * addresses or to an address being typed. In lib/orders, not lib/delivery, because it reads the
 * customer's cart and address book: lib/delivery prices goods to a postcode and stands below
 * lib/accounts (docs/architecture.md "Domains").
 */
import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { db } from '@/db/client';
import { cartItems, carts, products } from '@/db/schema';
import { getAddress } from '@/lib/accounts/addresses';
import { quoteDelivery, type DeliveryQuote } from '@/lib/delivery/service';
import { notFound } from '@/lib/server/errors';

/**
 * POST /api/delivery/quote: the services offered for the customer's selected cart lines to a saved
 * address (addressId, theirs) or an address being typed (postal code and country).
 * Prices come from the database: the products' current prices, classes and assembly fees.
 * Click & collect is offered only at pickup locations whose stock holds every line (docs/stock.md).
 * @throws 404 a cart line or address that is not the user's; 400 outside every zone / nothing fits.
 */
export async function quoteForCart(userId: number, input: { cartItemIds: number[]; addressId?: number; address?: { postal_code: string; country: string } }): Promise<DeliveryQuote> {
  const address = input.addressId !== undefined ? await getAddress(userId, input.addressId) : input.address!;
  const rows = await db
    .select({ id: cartItems.id, productId: cartItems.productId, quantity: cartItems.quantity, price: products.price, shippingClass: products.shippingClass, assemblyFee: products.assemblyFee })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(carts.userId, userId), inArray(cartItems.id, input.cartItemIds)));
  if (rows.length !== new Set(input.cartItemIds).size) throw notFound('Some of the selected items are no longer in your cart. Please review your cart and try again.');
  return quoteDelivery(
    db,
    { postalCode: address.postal_code, country: address.country },
    rows.map((r) => ({ shippingClass: r.shippingClass, quantity: r.quantity, unitPrice: r.price, assemblyFee: r.assemblyFee })),
    undefined,
    // Click & collect only where the pickup location's stock holds every line.
    { stock: rows.map((r) => ({ productId: r.productId, quantity: r.quantity })) },
  );
}
