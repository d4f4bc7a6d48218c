/**
 * Response contracts of refunds and returns. Money in decimal dollars.
 */
import { z } from 'zod';
import { PAYMENT_STATUSES, REFUND_STATUSES, RETURN_STATUSES } from '@/db/statuses';
import { contracts, count, dateTime, id, money, nullableText } from '@/lib/server/contracts';

export const refundJson = z
  .strictObject({
    refund_id: id,
    order_id: id,
    amount: money,
    /** Of `amount`, the delivery fee. */
    delivery_fee: money,
    /** Deducted before `amount`: a collected return's collection fee (0 otherwise). */
    collection_fee: money,
    status: z.enum(REFUND_STATUSES),
    reason: nullableText,
    /** 'stripe' | 'paypal' | 'demo' | 'demo_paypal'. */
    gateway: z.string().min(1),
    restock: z.boolean(),
    /** The gateway's message when it failed. */
    failure_message: nullableText,
    created_at: dateTime,
    settled_at: dateTime.nullable(),
    return_id: id.nullable(),
    lines: z.array(z.strictObject({ order_item_id: id, name: z.string(), quantity: z.number().int().min(1), amount: money })),
    /** The credit note issued when it succeeded (number, e.g. CN-000003, and its printable page /order/{id}/credit-notes/{number}; the PDF is /api/orders/{id}/credit-notes/{number}). */
    credit_note: z.strictObject({ number: z.string().min(1), url: z.string().min(1) }).nullable(),
  })
  .register(contracts, { id: 'Refund' });
export type RefundJson = z.infer<typeof refundJson>;

/** GET /api/orders/{id}/refunds: the refunds, and what may still be refunded. */
export const orderRefundsJson = z
  .strictObject({
    order_id: id,
    currency: z.string().length(3),
    payment_status: z.enum(PAYMENT_STATUSES),
    /** What the customer paid (0 while unpaid). */
    paid: money,
    /** Refunded or being refunded. */
    refunded: money,
    /** What may still be refunded. */
    refundable: money,
    /** The part of the delivery fee not refunded yet. */
    delivery_fee_refundable: money,
    lines: z.array(z.strictObject({ order_item_id: id, name: z.string(), quantity: z.number().int().min(1), unit_price: money, refundable_quantity: count })),
    refunds: z.array(refundJson),
  })
  .register(contracts, { id: 'OrderRefunds' });
export type OrderRefundsJson = z.infer<typeof orderRefundsJson>;

export const returnJson = z
  .strictObject({
    return_id: id,
    order_id: id,
    user_id: id,
    customer: z.string(),
    customer_email: z.string(),
    status: z.enum(RETURN_STATUSES),
    reason: z.string(),
    decision_message: nullableText,
    created_at: dateTime,
    decided_at: dateTime.nullable(),
    received_at: dateTime.nullable(),
    refund_id: id.nullable(),
    /** What the return's items come to (line prices), dollars. */
    amount: money,
    /** The collection fee deducted from its refund, dollars (0 until refunded, or without one). */
    collection_fee: money,
    currency: z.string().length(3),
    lines: z.array(z.strictObject({ order_item_id: id, name: z.string(), sku: z.string(), quantity: z.number().int().min(1), unit_price: money })),
  })
  .register(contracts, { id: 'Return' });
export type ReturnJson = z.infer<typeof returnJson>;

export const returnPageJson = z
  .strictObject({
    returns: z.array(returnJson),
    counts: z.strictObject(Object.fromEntries(RETURN_STATUSES.map((s) => [s, count])) as Record<(typeof RETURN_STATUSES)[number], typeof count>),
    currentPage: z.number().int().min(1),
    totalPages: z.number().int().min(1),
    total: count,
  })
  .register(contracts, { id: 'ReturnPage' });
export type ReturnPageJson = z.infer<typeof returnPageJson>;

/** GET /api/orders/{id}/returns: whether the customer may ask for a return now, until when, and how many of each line. */
export const returnableJson = z
  .strictObject({
    allowed: z.boolean(),
    reason: nullableText,
    windowEnds: dateTime.nullable(),
    lines: z.array(z.strictObject({ order_item_id: id, name: z.string(), returnable_quantity: count })),
  })
  .register(contracts, { id: 'Returnable' });
export type ReturnableJson = z.infer<typeof returnableJson>;
