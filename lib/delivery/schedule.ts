/**
 * The delivery schedule: booked and expected deliveries per day and zone for
 * /admin/delivery/schedule and its printable run sheet — each order's window, address, contact,
 * items and their volume in m³ (width × height × depth of the products now, in cm, × quantity).
 * Only what the team is to carry: orders paid (or partly refunded; the shop has no on-account
 * payment type) that are neither delivered nor cancelled. Unpaid, refunded in full and click &
 * collect orders are left out (docs/delivery.md "Schedule and run sheet"). Administrators only.
 */
import 'server-only';
import { and, asc, between, inArray, ne, notInArray } from 'drizzle-orm';
import { db } from '@/db/client';
import { orderItems, orders, products, type AddressSnapshot, type ContactSnapshot, type DeliveryWindow, type PaymentStatus } from '@/db/schema';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';

export type ScheduleOrder = {
  orderId: number;
  service: string;
  window: DeliveryWindow | null;
  status: string;
  address: AddressSnapshot | null;
  contact: ContactSnapshot | null;
  items: { name: string; sku: string; quantity: number }[];
  /** m³, three decimals. */
  volume: number;
};
export type ScheduleZone = { zone: string; orders: ScheduleOrder[]; volume: number };
export type ScheduleDay = { date: string; zones: ScheduleZone[]; volume: number };

/** Payment states whose goods go out: paid, or paid and partly refunded. */
const RUN_SHEET_PAYMENT: PaymentStatus[] = ['paid', 'partially_refunded'];

const m3 = (cm3: number) => Math.round(cm3 / 1000) / 1000;

/** Days from `from` to `to` (YYYY-MM-DD, inclusive) that have deliveries, in order. @throws 401/403. */
export async function deliverySchedule(actor: SessionUser | null, from: string, to: string): Promise<ScheduleDay[]> {
  authorize(actor, 'orders.read');
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        between(orders.deliveryDate, from, to),
        inArray(orders.paymentStatus, RUN_SHEET_PAYMENT),
        notInArray(orders.status, ['delivered', 'cancelled', 'collected', 'ready_for_collection']),
        ne(orders.deliveryKind, 'click_collect'),
      ),
    )
    .orderBy(asc(orders.deliveryDate), asc(orders.deliveryZoneName), asc(orders.deliveryWindow), asc(orders.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({ orderId: orderItems.orderId, name: orderItems.productName, sku: orderItems.sku, quantity: orderItems.quantity, w: products.widthCm, h: products.heightCm, d: products.depthCm })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
    .orderBy(asc(orderItems.id));
  const days: ScheduleDay[] = [];
  for (const o of rows) {
    const mine = lines.filter((l) => l.orderId === o.id);
    const cm3 = mine.reduce((s, l) => s + (l.w ?? 0) * (l.h ?? 0) * (l.d ?? 0) * l.quantity, 0);
    const entry: ScheduleOrder = { orderId: o.id, service: o.deliveryServiceName ?? '', window: o.deliveryWindow, status: o.status, address: o.address, contact: o.contact, items: mine.map((l) => ({ name: l.name, sku: l.sku, quantity: l.quantity })), volume: m3(cm3) };
    let day = days.at(-1);
    if (!day || day.date !== o.deliveryDate) days.push((day = { date: o.deliveryDate!, zones: [], volume: 0 }));
    const zoneName = o.deliveryZoneName ?? 'No zone';
    let zone = day.zones.find((z) => z.zone === zoneName);
    if (!zone) day.zones.push((zone = { zone: zoneName, orders: [], volume: 0 }));
    zone.orders.push(entry);
    zone.volume = Math.round((zone.volume + entry.volume) * 1000) / 1000;
    day.volume = Math.round((day.volume + entry.volume) * 1000) / 1000;
  }
  return days;
}
