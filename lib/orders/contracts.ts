/**
 * Order contracts (spec §3 Order, Order item). Money in decimal dollars; the address and contact
 * are the snapshots taken when the order was placed.
 */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES } from '@/lib/orders/rules';
import { contracts, dateTime, day, id, money, nullableText } from '@/lib/server/contracts';
import { DELIVERY_SERVICE_KINDS, DELIVERY_WINDOWS } from '@/db/statuses';
import { pickupJson } from '@/lib/delivery/contracts';
export { pickupJson } from '@/lib/delivery/contracts';

/**
 * How the order is delivered, as it was when placed: the service (its id null once the
 * service was deleted), its zone, the earliest day quoted or the day booked, the window (two-person
 * services) and, for click & collect, the pickup location. Null for orders placed before delivery services existed.
 */
export const orderDeliveryJson = z.strictObject({
  service_id: id.nullable(),
  kind: z.enum(DELIVERY_SERVICE_KINDS),
  name: z.string().min(1),
  zone_id: id.nullable(),
  zone: nullableText,
  date: day.nullable(),
  window: z.enum(DELIVERY_WINDOWS).nullable(),
  /** Two-person orders: the last day (shop time zone) the customer may still move the booked day (PATCH /api/orders/{id}/delivery); null when it cannot be moved. */
  change_until: day.nullable(),
  pickup: pickupJson.nullable(),
});

export const orderItemJson = z.strictObject({
  order_item_id: id,
  product_id: id,
  quantity: z.number().int().min(1),
  unit_price: money,
  total_price: money,
  product: z.strictObject({
    product_id: id,
    sku: z.string().min(1),
    name: z.string().min(1),
    size: nullableText,
    material: nullableText,
    color: nullableText,
    /** The product's primary image now (null when it has none). */
    image_url: z.string().min(1).nullable(),
    /** Path of the line illustration of the ordered piece ("/illustrations/bed.svg"), shown when there is no image. */
    illustration: z.string().min(1),
  }),
});
export type OrderItemJson = z.infer<typeof orderItemJson>;

export const orderAddressJson = z.strictObject({
  street_address: z.string(),
  city: z.string(),
  state_province: nullableText,
  postal_code: nullableText,
  country: z.string(),
  first_name: nullableText,
  last_name: nullableText,
  phone_number: nullableText,
});
export const orderContactJson = z.strictObject({ first_name: z.string(), last_name: z.string(), phone_number: z.string(), email: z.string() });

export const orderJson = z
  .strictObject({
    order_id: id,
    id,
    user_id: id,
    user: z.strictObject({ user_name: z.string() }).nullable(),
    status: z.enum(ORDER_STATUSES),
    payment_status: z.enum(PAYMENT_STATUSES),
    payment_method: z.enum(PAYMENT_TYPES).nullable(),
    /** The goods before any discount. */
    subtotal: money,
    /** The discount code applied when the order was placed, or null. */
    discount_code: nullableText,
    /** What the code took off the goods (0 without one). total = subtotal − discount + shipping (+ GST when prices exclude it). */
    discount_amount: money,
    /** The delivery fee (the chosen service's; 0 when free). */
    shipping_fee: money,
    /** Assembly by the two-person-with-assembly service; 0 otherwise. */
    assembly_fee: money,
    delivery: orderDeliveryJson.nullable(),
    total_amount: money,
    /** The GST in total_amount (goods and delivery), rounded once for the order. */
    gst_amount: money,
    gst_rate_percent: z.number().min(0).max(100),
    /** true: the prices contain the GST; false: it was added on top of subtotal + shipping. */
    prices_include_gst: z.boolean(),
    currency: z.string().length(3),
    order_date: dateTime,
    paid_at: dateTime.nullable(),
    cancelled_at: dateTime.nullable(),
    /**
     * Until when this pending, unpaid order holds its stock; past it the order expires (cancelled,
     * stock released, the customer e-mailed). Null once paid or cancelled, or when it has no time
     * limit (docs/orders.md).
     */
    hold_expires_at: dateTime.nullable(),
    customer_message: nullableText,
    sales_message: nullableText,
    address_id: id.nullable(),
    contact_id: id.nullable(),
    address: orderAddressJson.nullable(),
    contact: orderContactJson.nullable(),
    orderItems: z.array(orderItemJson),
    /** The customer may cancel it (pending and unpaid). */
    can_cancel: z.boolean(),
    /** The customer may still pay it (pending and unpaid). */
    can_pay: z.boolean(),
  })
  .register(contracts, { id: 'Order' });
export type OrderJson = z.infer<typeof orderJson>;

/** POST /api/orders (201), POST /api/orders/submit, DELETE /api/orders/{id} by its customer. */
export const orderResultJson = z.strictObject({ message: z.string().min(1), order: orderJson });
/** DELETE /api/orders/{id}: `{message, order}` when a customer cancels, `{message}` when an admin deletes. */
export const orderDeletedJson = z.union([orderResultJson, z.strictObject({ message: z.string().min(1) })]);
export type OrderDeletedJson = z.infer<typeof orderDeletedJson>;

/** What one run of the delivery of the outbox did (lib/mail/deliver.ts DeliveryReport): messages claimed, sent, to be retried, given up. */
export const deliveryReportJson = z.strictObject({
  claimed: z.number().int().min(0),
  sent: z.number().int().min(0),
  retrying: z.number().int().min(0),
  failed: z.number().int().min(0),
  cancelled: z.number().int().min(0),
});

/** What the cron route's run of the card gateway's outbox jobs did (lib/payments/detach-jobs.ts). */
export const detachReportJson = z.strictObject({
  claimed: z.number().int().min(0),
  detached: z.number().int().min(0),
  retrying: z.number().int().min(0),
  failed: z.number().int().min(0),
});

/** GET /api/cron/expire-orders: how many overdue unpaid orders were cancelled, and what the outbox delivery did. */
export const expiryRunJson = z.strictObject({ expired: z.number().int().min(0), refunds: z.strictObject({ retried: z.number().int().min(0), succeeded: z.number().int().min(0), failed: z.number().int().min(0) }), cart_reminders: z.strictObject({ due: z.number().int().min(0), written: z.number().int().min(0) }), delivered: deliveryReportJson, cards_detached: detachReportJson }).register(contracts, { id: 'ExpiryRun' });
export type ExpiryRunJson = z.infer<typeof expiryRunJson>;
