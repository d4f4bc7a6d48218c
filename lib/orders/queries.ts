/**
 * Order reads (spec §2 Orders list, §7 GET /orders, GET /orders/{id}). Customers see their own
 * orders; administrators see every order. Someone else's order is "not found" (owner in WHERE).
 */
import 'server-only';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { deliveryServices, deliveryZones, orderItems, orders, users, type Order } from '@/db/schema';
import { imagesOf } from '@/lib/catalog/read/images';
import { listAddresses } from '@/lib/accounts/addresses';
import { listContacts } from '@/lib/accounts/contacts';
import type { AddressJson, ContactJson } from '@/lib/accounts/mappers';
import type { SessionUser } from '@/lib/auth/guards';
import { AppError, notFound } from '@/lib/server/errors';
import { ORDERS_MAX_LIMIT, type OrderListQuery } from '@/lib/orders/schemas';
import { OPEN_FOR_CUSTOMER } from '@/lib/orders/rules';
import { toOrderJson, type OrderJson } from './mappers';
import { orderSearchConditions } from './search';
import { getShopSettings } from '@/lib/settings/queries';
import { todayIn } from '@/lib/delivery/calendar';
import { changeUntil, dayChangeRefusal } from '@/lib/delivery/day-change';
import { holidaysOf } from '@/lib/delivery/holidays';
import { authorize } from '@/lib/auth/permissions';

/**
 * The last day each order's booked delivery day may still be changed
 * (./delivery/day-change.ts), by order id; orders that cannot move now are left out. The holidays
 * are those of the zone of the order's service; a service deleted or switched off allows no change.
 */
async function changeDeadlines(list: Order[], executor: Executor): Promise<Map<number, string>> {
  // Eligible but for the cut-off (judged below, with the zone's holidays): no "today" is before the first day.
  const candidates = list.filter((o) => o.deliveryServiceId !== null && !dayChangeRefusal(o, '0000-01-01'));
  if (candidates.length === 0) return new Map();
  const today = todayIn((await getShopSettings(executor)).timeZone);
  const services = await executor
    .select({ id: deliveryServices.id, active: deliveryServices.active, region: deliveryZones.region })
    .from(deliveryServices)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryServices.zoneId))
    .where(inArray(deliveryServices.id, [...new Set(candidates.map((o) => o.deliveryServiceId!))]));
  const deadlines = new Map<number, string>();
  for (const o of candidates) {
    const service = services.find((s) => s.id === o.deliveryServiceId);
    const until = service?.active ? changeUntil(o, today, holidaysOf(service.region)) : null;
    if (until) deadlines.set(o.id, until);
  }
  return deadlines;
}

type Viewer = Pick<SessionUser, 'id' | 'isAdmin' | 'permissions'>;

/**
 * SQL condition over the orders table: the order is still open for its customer (the rule
 * OPEN_FOR_CUSTOMER of lib/orders/rules.ts), for WHERE and FILTER clauses.
 */
export const openForCustomerSql = (): SQL => sql`${orders.status} = ${OPEN_FOR_CUSTOMER.status} AND ${orders.paymentStatus} = ${OPEN_FOR_CUSTOMER.paymentStatus}`;

export type OrderPage = { orders: OrderJson[]; total: number; page: number; limit: number; totalPages: number };

async function withItems(rows: { order: Order; userName: string | null }[], executor: Executor): Promise<OrderJson[]> {
  if (rows.length === 0) return [];
  const items = await executor
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.order.id),
      ),
    );
  const primary = await imagesOf([...new Set(items.map((i) => i.productId))], false, executor);
  const images = new Map([...primary].map(([id, [image]]) => [id, image.url]));
  const deadlines = await changeDeadlines(rows.map((r) => r.order), executor);
  return rows.map((r) =>
    toOrderJson(
      r.order,
      items.filter((i) => i.orderId === r.order.id),
      r.userName,
      images,
      deadlines.get(r.order.id) ?? null,
    ),
  );
}

/**
 * GET /api/orders: newest first (order_date, then id). Customers: their own orders; admins: all.
 * `limit` defaults to 100 (the maximum) and `page` to 1; `status` filters; `q`, `from`, `to`
 * search (lib/orders/search.ts: order number, customer name or e-mail, days in the shop's time
 * zone). Counted and paged in SQL. Returns the page and the paging facts (the route sends them as
 * X-Total-Count etc.).
 */
export async function listOrders(viewer: Viewer, query: OrderListQuery = {}, executor: Executor = db): Promise<OrderPage> {
  // Staff see any order only with orders.read (docs/accounts-and-security.md "Staff roles and permissions").
  if (viewer.isAdmin) authorize(viewer, 'orders.read');
  const limit = Math.min(query.limit ?? ORDERS_MAX_LIMIT, ORDERS_MAX_LIMIT);
  const page = query.page ?? 1;
  const searching = Boolean(query.q || query.from || query.to);
  const search = searching ? orderSearchConditions(query, (await getShopSettings(executor)).timeZone) : [];
  const filters: (SQL | undefined)[] = [viewer.isAdmin ? undefined : eq(orders.userId, viewer.id), query.status ? eq(orders.status, query.status) : undefined, ...search];
  const where = and(...filters);
  const [{ total }] = await executor.select({ total: count() }).from(orders).where(where);
  const rows = await executor
    .select({ order: orders, userName: users.userName })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { orders: await withItems(rows, executor), total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/** One order: the viewer's own, or any for an admin. Throws 404 otherwise. */
export async function getOrder(viewer: Viewer, orderId: number, executor: Executor = db): Promise<OrderJson> {
  // Staff see any order only with orders.read (docs/accounts-and-security.md "Staff roles and permissions").
  if (viewer.isAdmin) authorize(viewer, 'orders.read');
  const [row] = await executor
    .select({ order: orders, userName: users.userName })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), viewer.isAdmin ? undefined : eq(orders.userId, viewer.id)))
    .limit(1);
  if (!row) throw notFound('Order not found.');
  const [json] = await withItems([row], executor);
  return json;
}

/** getOrder for the owner only (checkout, confirmation): null instead of throwing. */
export async function findOwnOrder(userId: number, orderId: number): Promise<OrderJson | null> {
  try {
    return await getOrder({ id: userId, isAdmin: false, permissions: [] }, orderId);
  } catch (e) {
    if (e instanceof AppError && e.code === 'not_found') return null;
    throw e;
  }
}

/**
 * The user's saved delivery addresses and contacts for the order confirmation, default first
 * (the address book itself is lib/accounts').
 */
export async function listDeliveryChoices(userId: number): Promise<{ addresses: AddressJson[]; contacts: ContactJson[] }> {
  const [a, c] = await Promise.all([listAddresses(userId), listContacts(userId)]);
  const defaultFirst = <T extends { is_default: boolean }>(rows: T[]) => [...rows].sort((x, y) => Number(y.is_default) - Number(x.is_default));
  return { addresses: defaultFirst(a), contacts: defaultFirst(c) };
}
