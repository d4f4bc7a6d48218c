/**
 * Cart reminders (docs/mail.md "Cart reminders"): a customer who agreed to marketing e-mail and
 * whose cart has held items, untouched and without an order, for `cart_reminder_hours` gets a
 * reminder; at most `cart_reminder_max` of them, each `cart_reminder_hours` after the one before.
 *
 * The cart's idle stretch begins at the later of its last change (carts.updated_at, moved by every
 * add and quantity change) and the customer's last order. So an order stops the reminders (the
 * lines it took leave the cart; lines left behind start a new stretch), an emptied cart gets none,
 * and a cart changed or filled again starts counting from zero. The count of the stretch is kept on
 * the cart (reminders_sent, last_reminded_at): it counts only while last_reminded_at is inside the
 * stretch.
 *
 * Idempotent: each cart is locked (FOR UPDATE SKIP LOCKED) and judged again before its reminder is
 * written to the outbox and its count moved, in one transaction; the outbox event key names the
 * cart, the stretch and the reminder's number, so no run writes a reminder twice.
 * Here, in orders, because the stretch ends with an order; run by GET /api/cron/expire-orders.
 */
import 'server-only';
import { and, asc, eq, exists, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { db } from '@/db/client';
import { cartItems, carts, orders, users } from '@/db/schema';
import { mailCartReminder } from '@/lib/mail/marketing';
import { getShopSettings } from '@/lib/settings/queries';

/** How many carts one run reminds at most (the next run takes the rest). */
export const CART_REMINDER_BATCH = 200;

/** SQL: when the cart's idle stretch began — the later of its last change and its owner's last order. */
const idleSince = sql`GREATEST(${carts.updatedAt}, COALESCE((SELECT max(${orders.createdAt}) FROM ${orders} WHERE ${orders.userId} = ${carts.userId}), ${carts.updatedAt}))`;

/** SQL: reminders already written in the current stretch. */
const sentInStretch = sql`(CASE WHEN ${carts.lastRemindedAt} >= ${idleSince} THEN ${carts.remindersSent} ELSE 0 END)`;

/**
 * SQL over carts (joined to users): the cart is due a reminder at `now` — its owner consents and
 * is active, it has lines, it has been idle `hours`, fewer than `max` reminders went in this
 * stretch, and the last one is at least `hours` old.
 */
function dueSql(now: Date, hours: number, max: number): SQL {
  const before = new Date(now.getTime() - hours * 3_600_000);
  return and(
    isNotNull(users.marketingConsentAt),
    isNull(users.deactivatedAt),
    exists(db.select({ one: sql`1` }).from(cartItems).where(eq(cartItems.cartId, carts.id))),
    sql`${idleSince} <= ${before}`,
    sql`${sentInStretch} < ${max}`,
    sql`(${sentInStretch} = 0 OR ${carts.lastRemindedAt} <= ${before})`,
  )!;
}

const dueColumns = {
  id: carts.id,
  userId: carts.userId,
  idleSince: idleSince.mapWith(carts.updatedAt),
  sent: sentInStretch.mapWith(Number),
};

/** What a run did: carts due, and reminders written to the outbox. */
export type CartReminderReport = { due: number; written: number };

/**
 * Writes the cart reminders due at `now` (see the module comment), each cart in a transaction of
 * its own: up to CART_REMINDER_BATCH carts. A cart another run holds is skipped (it is being
 * reminded). Nothing when cart_reminder_max is 0.
 * @param opts.now the moment idle time is judged by (default now)
 * @returns `{ due, written }`
 */
export async function remindIdleCarts(opts: { now?: Date } = {}): Promise<CartReminderReport> {
  const now = opts.now ?? new Date();
  const { cartReminders } = await getShopSettings();
  if (cartReminders.max === 0) return { due: 0, written: 0 };
  const due = dueSql(now, cartReminders.hours, cartReminders.max);
  const candidates = await db
    .select({ id: carts.id })
    .from(carts)
    .innerJoin(users, eq(users.id, carts.userId))
    .where(due)
    .orderBy(asc(carts.updatedAt), asc(carts.id))
    .limit(CART_REMINDER_BATCH);
  let written = 0;
  for (const { id } of candidates) {
    const wrote = await db.transaction(async (tx) => {
      const [locked] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, id)).for('update', { skipLocked: true });
      if (!locked) return false;
      // Judged again on the locked row: another run may have reminded it, or an order emptied it.
      const [cart] = await tx.select(dueColumns).from(carts).innerJoin(users, eq(users.id, carts.userId)).where(and(eq(carts.id, id), due));
      if (!cart) return false;
      const reminder = cart.sent + 1;
      if (!(await mailCartReminder(tx, { cartId: cart.id, userId: cart.userId, reminder, idleSince: cart.idleSince }))) return false;
      await tx.update(carts).set({ remindersSent: reminder, lastRemindedAt: now }).where(eq(carts.id, id));
      return true;
    });
    if (wrote) written++;
  }
  return { due: candidates.length, written };
}
