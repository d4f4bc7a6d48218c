/**
 * Order rows → the spec's JSON (spec §3 Order, Order item). Money as decimals (toDecimal),
 * dates as ISO strings; the address and contact are the snapshots taken when the order was placed.
 */
import type { AddressSnapshot, ContactSnapshot, Order, OrderItem } from '@/db/schema';
import type { z } from 'zod';
import type { OrderItemJson, OrderJson, orderAddressJson, orderContactJson } from '@/lib/orders/contracts';
import { toDecimal } from '@/lib/money';
import { illustrationOf } from '@/lib/catalog/illustrations';
import { isOpenForCustomer } from '@/lib/orders/rules';

/** Order snapshots of the address and contact (not the address book's shapes). */
export type AddressJson = z.infer<typeof orderAddressJson>;
export type ContactJson = z.infer<typeof orderContactJson>;
export type { OrderItemJson, OrderJson };

export const toAddressJson = (a: AddressSnapshot | null | undefined): AddressJson | null =>
  a
    ? {
        street_address: a.streetAddress,
        city: a.city,
        state_province: a.stateProvince ?? null,
        postal_code: a.postalCode ?? null,
        country: a.country,
        first_name: a.firstName ?? null,
        last_name: a.lastName ?? null,
        phone_number: a.phoneNumber ?? null,
      }
    : null;

export const toContactJson = (c: ContactSnapshot | null | undefined): ContactJson | null =>
  c ? { first_name: c.firstName, last_name: c.lastName, phone_number: c.phoneNumber, email: c.email } : null;

/** One order line; `imageUrl` is the product's primary image now (the line's snapshot has none). */
export const toOrderItemJson = (i: OrderItem, imageUrl: string | null = null): OrderItemJson => ({
  order_item_id: i.id,
  product_id: i.productId,
  quantity: i.quantity,
  unit_price: toDecimal(i.unitPrice),
  total_price: toDecimal(i.totalPrice),
  product: {
    product_id: i.productId,
    sku: i.sku,
    name: i.productName,
    size: i.size,
    material: i.material,
    color: i.color,
    image_url: imageUrl,
    illustration: illustrationOf({ name: i.productName }),
  },
});

// Re-exported for lib/payments, which reads it from here; the rule itself is lib/orders/rules.ts'.

/**
 * One order with its lines and the owner's user_name; `images` maps product ids to their primary
 * image URL; `changeUntil` the last day its booked delivery day may be changed (null: it cannot).
 */
export function toOrderJson(order: Order, items: OrderItem[], userName: string | null, images: Map<number, string> = new Map(), changeUntil: string | null = null): OrderJson {
  const open = isOpenForCustomer(order);
  return {
    order_id: order.id,
    id: order.id,
    user_id: order.userId,
    user: userName === null ? null : { user_name: userName },
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: order.paymentMethod,
    subtotal: toDecimal(order.subtotal),
    discount_code: order.discountCode,
    discount_amount: toDecimal(order.discountCents),
    shipping_fee: toDecimal(order.shippingFee),
    assembly_fee: toDecimal(order.assemblyFee),
    delivery: order.deliveryKind
      ? {
          service_id: order.deliveryServiceId,
          kind: order.deliveryKind,
          name: order.deliveryServiceName ?? order.deliveryKind,
          zone_id: order.deliveryZoneId,
          zone: order.deliveryZoneName,
          date: order.deliveryDate,
          window: order.deliveryWindow,
          change_until: changeUntil,
          pickup: order.pickup ? { name: order.pickup.name, address: order.pickup.address, opening_hours: order.pickup.openingHours } : null,
        }
      : null,
    total_amount: toDecimal(order.totalAmount),
    gst_amount: toDecimal(order.gstAmount),
    gst_rate_percent: order.gstRatePercent,
    prices_include_gst: order.pricesIncludeGst,
    currency: order.currency,
    order_date: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    cancelled_at: order.cancelledAt?.toISOString() ?? null,
    // Only an open order holds stock: a hold left on a paid or cancelled row (none should be) is not shown.
    hold_expires_at: open ? (order.holdExpiresAt?.toISOString() ?? null) : null,
    customer_message: order.customerMessage,
    sales_message: order.salesMessage,
    address_id: order.addressId,
    contact_id: order.contactId,
    address: toAddressJson(order.address),
    contact: toContactJson(order.contact),
    orderItems: [...items].sort((a, b) => a.id - b.id).map((i) => toOrderItemJson(i, images.get(i.productId) ?? null)),
    can_cancel: open,
    can_pay: open,
  };
}
