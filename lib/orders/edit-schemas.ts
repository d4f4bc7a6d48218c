/**
 * Admin order editing input (spec §4 Admin order editing, §5 Admin order items, §7 admin calls).
 * Shared by the route handlers of /api/orders/{id}, /items and /messages and the Order Management form.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '@/lib/orders/rules';
import { ORDERS_MAX_LIMIT } from '@/lib/orders/schemas';

/** Re-exported for the Order Management form, which read it from here; new code imports lib/orders/rules. */
export { ORDER_STATUSES };

/** A JSON number, or a numeric string (the legacy client sends parsed strings). Empty strings are refused. */
const numeric = (label: string) =>
  z.union(
    [
      z.number({ error: `${label} must be a number.` }),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, `${label} must be a number.`)
        .transform(Number),
    ],
    { error: `${label} must be a number.` },
  );

/** `{ status }`, one of the five order statuses. */
export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}.` }),
});
export type OrderStatusInput = z.infer<typeof orderStatusSchema>;

/** Largest unit price an admin may type, in dollars (keeps cents inside a PostgreSQL integer). */
export const MAX_UNIT_PRICE = 1_000_000;
export const MAX_ITEM_QUANTITY = 10_000;

/** An item's quantity: whole, at least 1 (spec §5 Admin order items). */
export const itemQuantityField = numeric('Quantity').pipe(
  z.number().int('Quantity must be a whole number.').min(1, 'Quantity must be at least 1').max(MAX_ITEM_QUANTITY, `Quantity must be at most ${MAX_ITEM_QUANTITY}.`),
);

/** An item's unit price in dollars: at least 0, steps of 0.01 (spec §5 Admin order items). */
export const itemPriceField = numeric('Unit price').pipe(
  z
    .number()
    .min(0, 'Unit price must be at least 0.')
    .max(MAX_UNIT_PRICE, `Unit price must be at most ${MAX_UNIT_PRICE}.`)
    .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, 'Unit price may have at most 2 decimals.'),
);

/** One edited line: quantity and/or unit price. */
export const orderItemEditSchema = z
  .object({
    itemId: numeric('Item id').pipe(z.number().int('Item id must be a whole number.').positive('Item id must be positive.')),
    quantity: itemQuantityField.optional(),
    price: itemPriceField.optional(),
  })
  .refine((i) => i.quantity !== undefined || i.price !== undefined, 'Each item needs a quantity or a price.');
export type OrderItemEdit = z.infer<typeof orderItemEditSchema>;

/**
 * PUT /api/orders/{id}/items — the spec's bare list `[{itemId, quantity, price}]`; `{ items: [...] }`
 * is accepted too. Each item id at most once.
 */
const itemEditList = z
  .array(orderItemEditSchema, { error: 'Send a list of items: [{ itemId, quantity, price }].' })
  .min(1, 'Send at least one item.')
  .max(500)
  .refine((items) => new Set(items.map((i) => i.itemId)).size === items.length, 'Each item may appear only once.');

export const orderItemsSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) && 'items' in v ? (v as { items: unknown }).items : v),
  itemEditList,
);
export type OrderItemsInput = z.infer<typeof orderItemsSchema>;

/** Longest customer or sales message, in characters. */
export const MAX_ORDER_MESSAGE = 2000;
const tooLong = `Messages must be at most ${MAX_ORDER_MESSAGE} characters.`;

const message = z
  .string({ error: 'Messages must be text.' })
  .max(MAX_ORDER_MESSAGE, tooLong)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()));

/** PUT /api/orders/{id}/messages — either or both; empty text clears a message. */
export const orderMessagesSchema = z
  .object({ customer_message: message, sales_message: message })
  .refine((m) => m.customer_message !== undefined || m.sales_message !== undefined, 'Send customer_message, sales_message or both.');
export type OrderMessagesInput = z.infer<typeof orderMessagesSchema>;

/**
 * PUT /api/orders/{id} — one save of an order, applied all or nothing: any of `status`, `items`
 * (as PUT /items), `customer_message`, `sales_message` (as PUT /messages). The spec's `{ status }`
 * alone is the simplest case.
 */
export const orderUpdateSchema = z
  .object({
    status: orderStatusSchema.shape.status.optional(),
    items: itemEditList.optional(),
    customer_message: message,
    sales_message: message,
  })
  .refine((o) => o.status !== undefined || o.items !== undefined || o.customer_message !== undefined || o.sales_message !== undefined, {
    message: 'Send status, items, customer_message or sales_message.',
  });
// Partial: the parsed messages are present-but-undefined when left out; callers may leave them out.
export type OrderUpdateInput = Partial<z.infer<typeof orderUpdateSchema>>;

/**
 * The Edit Order form of Order Management: status, both messages, and each item's quantity and
 * unit price keyed "i<order_item_id>" (inputs give strings; the field rules above parse them).
 */
export const orderEditFormSchema = z.object({
  status: orderStatusSchema.shape.status,
  customer_message: z.string().max(MAX_ORDER_MESSAGE, tooLong),
  sales_message: z.string().max(MAX_ORDER_MESSAGE, tooLong),
  items: z.record(z.string(), z.object({ quantity: itemQuantityField, price: itemPriceField })),
});
export type OrderEditFormInput = z.input<typeof orderEditFormSchema>;
export type OrderEditFormOutput = z.output<typeof orderEditFormSchema>;

/** ?status&page&limit of the Order Management list. */
export const adminOrderListQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  limit: z.coerce.number().int().min(1).max(ORDERS_MAX_LIMIT).optional().catch(undefined),
});

/** `{ id, itemId }` of DELETE /api/orders/{id}/items/{itemId}: the order and one of its items. */
export const orderItemParams = z.object({
  id: z.coerce.number().int().positive('The order id must be a positive whole number.'),
  itemId: z.coerce.number().int().positive('The item id must be a positive whole number.'),
});
