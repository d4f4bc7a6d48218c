/**
 * Response contract of an order's history (GET /api/orders/{id}/history; docs/orders.md "Order
 * history"). Money in decimal dollars inside the texts; times as ISO strings.
 */
import { z } from 'zod';
import { ORDER_EVENT_ACTORS, ORDER_EVENT_KINDS } from '@/db/statuses';
import { contracts, dateTime, id, nullableText } from '@/lib/server/contracts';

export const orderEventJson = z
  .strictObject({
    event_id: id,
    at: dateTime,
    kind: z.enum(ORDER_EVENT_KINDS),
    /** Who made it: a staff member, the customer, or the shop itself. */
    actor: z.enum(ORDER_EVENT_ACTORS),
    /** The staff member's or customer's user name (administrators only; null for the customer). */
    by: nullableText,
    /** What happened, in the words of the reader: staff words for administrators, customer words for the customer. */
    text: z.string().min(1),
    /** What goes with it: a refund's reason, a message's text, a failed refund's message. */
    note: nullableText,
    /** The note's label ("Reason", "Message", …); null without a note. */
    note_label: nullableText,
  })
  .register(contracts, { id: 'OrderEvent' });
export type OrderEventJson = z.infer<typeof orderEventJson>;

export const orderHistoryJson = z
  .strictObject({
    order_id: id,
    /** Oldest first. */
    events: z.array(orderEventJson),
  })
  .register(contracts, { id: 'OrderHistory' });
export type OrderHistoryJson = z.infer<typeof orderHistoryJson>;
