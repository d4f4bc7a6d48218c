/**
 * Order input (spec §3 Order, §5 Order confirm, §7 orders calls).
 * Shared by the order route handlers and the order-confirmation form.
 */
import { z } from 'zod';
import { DELIVERY_WINDOWS } from '@/db/statuses';
import { addressSchema, postcodeSchema } from '@/lib/accounts/address-schema';
import { contactSchema } from '@/lib/accounts/contact-schema';
import { ORDER_STATUSES, PAYMENT_TYPES } from '@/lib/orders/rules';
import { orderDiscountCodeField } from '@/lib/discounts/schemas';
import { FROM_AFTER_TO, fromNotAfterTo, orderSearchFields } from '@/lib/orders/search-schema';

export const ADDRESS_REQUIRED = 'Please select a delivery address or add a new one.';
export const CONTACT_REQUIRED = 'Please select a contact or add a new one.';
/** Orders list page size (spec §9). */
export const ORDERS_PAGE_SIZE = 10;
/** Largest page GET /api/orders answers. */
export const ORDERS_MAX_LIMIT = 100;

const positiveId = (label: string) => z.coerce.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).positive(`${label} must be a positive whole number.`);

/** null, '' and {} mean "not given" (the legacy client sends both keys, one of them empty). */
const absent = (v: unknown) => v === null || v === '' || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);
const optionalOf = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (absent(v) ? undefined : v), schema.optional());

/**
 * One selected cart line. Only cart_item_id selects; product, quantity and price come from the
 * database. `price` is accepted for compatibility and ignored; a `quantity` that no longer matches
 * the cart is refused (the cart changed since the page was shown).
 */
export const orderLineSchema = z.object({
  cart_item_id: positiveId('cart_item_id'),
  product_id: positiveId('product_id').optional(),
  quantity: z.coerce.number().int().min(1, 'Quantity must be at least 1').optional(),
  price: z.unknown().optional(),
});

/** The delivery choice of POST /api/orders: a service id from the quote; `fee`/`price` a client sends are ignored. */
export const deliveryChoiceSchema = z.object({
  service_id: positiveId('delivery.service_id'),
  /** Two-person services: the day (YYYY-MM-DD, one the quote offers) and window; absent → the first with room. */
  date: z.iso.date({ error: 'delivery.date must be a date (YYYY-MM-DD).' }).optional(),
  window: z.enum(DELIVERY_WINDOWS, { error: 'delivery.window must be morning or afternoon.' }).optional(),
});

/** PATCH /api/orders/{id}/delivery: the day (YYYY-MM-DD) and window the booked delivery moves to. */
export const deliveryMoveSchema = z.object({
  date: z.iso.date({ error: 'date must be a date (YYYY-MM-DD).' }),
  window: z.enum(DELIVERY_WINDOWS, { error: 'window must be morning or afternoon.' }),
});
export type DeliveryMoveInput = z.infer<typeof deliveryMoveSchema>;

/** POST /api/delivery/quote: the selected cart lines and a saved address or the postcode and country of one being typed. */
export const deliveryQuoteSchema = z
  .object({
    cartItems: z.array(z.object({ cart_item_id: positiveId('cart_item_id') }).passthrough(), { error: 'Please select items to checkout.' }).min(1, 'Please select items to checkout.').max(200, 'Too many items in one order.'),
    addressId: optionalOf(positiveId('addressId')),
    address: optionalOf(
      z.object({
        postal_code: postcodeSchema,
        country: z.string({ error: 'Country is required.' }).trim().min(1, 'Country is required.').max(100, 'Country must be at most 100 characters.'),
      }),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.addressId === undefined && v.address === undefined) ctx.addIssue({ code: 'custom', path: [], message: ADDRESS_REQUIRED });
  });
export type DeliveryQuoteInput = z.infer<typeof deliveryQuoteSchema>;

/** POST /api/orders. */
export const createOrderSchema = z
  .object({
    cartItems: z.array(orderLineSchema, { error: 'Please select items to checkout.' }).min(1, 'Please select items to checkout.').max(200, 'Too many items in one order.'),
    addressId: optionalOf(positiveId('addressId')),
    newAddress: optionalOf(addressSchema),
    contactId: optionalOf(positiveId('contactId')),
    newContact: optionalOf(contactSchema),
    customer_message: z
      .string()
      .trim()
      .max(1000, 'The message must be at most 1000 characters.')
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
    /** A discount code to apply; blank or null: none. Priced by the server only. */
    discount_code: orderDiscountCodeField,
    /**
     * The delivery service chosen from the quote (POST /api/delivery/quote). Absent: the
     * cheapest service that fits. Any price a client sends is ignored; the server quotes.
     */
    delivery: optionalOf(deliveryChoiceSchema),
  })
  .superRefine((v, ctx) => {
    if (v.addressId === undefined && v.newAddress === undefined) ctx.addIssue({ code: 'custom', path: [], message: ADDRESS_REQUIRED });
    if (v.contactId === undefined && v.newContact === undefined) ctx.addIssue({ code: 'custom', path: [], message: CONTACT_REQUIRED });
    const ids = v.cartItems.map((l) => l.cart_item_id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['cartItems'], message: 'Each cart item may be ordered once.' });
  });
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

/** POST /api/orders/submit {orderId, payment_method}. */
export const submitOrderSchema = z.object({
  orderId: positiveId('orderId'),
  payment_method: z.enum(PAYMENT_TYPES, { error: 'payment_method must be credit_card or paypal.' }).optional().default('credit_card'),
});

/** GET /api/orders query: ?page (from 1), ?limit (1–100), ?status. */
export const orderListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1, 'page must be at least 1.').optional(),
    limit: z.coerce.number().int().min(1, 'limit must be at least 1.').max(ORDERS_MAX_LIMIT, `limit must be at most ${ORDERS_MAX_LIMIT}.`).optional(),
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
    // Search by order number, customer name or e-mail, and a date range.
    ...orderSearchFields,
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['to'] });
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/**
 * The order-confirmation form (react-hook-form): a saved address/contact id or 'new' with the new
 * one's fields (validated with the shared addressSchema / contactSchema), and the message.
 */
export const confirmOrderFormSchema = z
  .object({
    addressChoice: z.string(),
    contactChoice: z.string(),
    newAddress: z.record(z.string(), z.unknown()),
    newContact: z.record(z.string(), z.unknown()),
    customer_message: z.string().max(1000, 'The message must be at most 1000 characters.'),
  })
  .superRefine((v, ctx) => {
    const nested = (schema: z.ZodType, value: unknown, key: 'newAddress' | 'newContact') => {
      const r = schema.safeParse(value);
      if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', path: [key, ...i.path.map(String)], message: i.message });
    };
    if (!v.addressChoice) ctx.addIssue({ code: 'custom', path: ['addressChoice'], message: ADDRESS_REQUIRED });
    else if (v.addressChoice === 'new') nested(addressSchema, v.newAddress, 'newAddress');
    if (!v.contactChoice) ctx.addIssue({ code: 'custom', path: ['contactChoice'], message: CONTACT_REQUIRED });
    else if (v.contactChoice === 'new') nested(contactSchema, v.newContact, 'newContact');
  });
