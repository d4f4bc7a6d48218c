/**
 * Order Management's CSV export: the orders of the current selection — the
 * list's status and search filters (lib/orders/search.ts), without paging — newest first, one row
 * per order, written by csv-stringify with spreadsheet formulas escaped (a customer's name cannot
 * run as a formula in the administrator's spreadsheet).
 *
 * Streaming: the rows are read in batches of EXPORT_BATCH (keyset on created_at, id, so a batch
 * costs the same at any depth) and each batch is sent as soon as it is read; memory stays bounded
 * whatever the selection. Each batch is its own query, so an order placed during a long download
 * may be missing or, if it moves between batches, appear once at most (the keyset never repeats a row).
 */
import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { db } from '@/db/client';
import { orders } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { getShopSettings } from '@/lib/settings/queries';
import type { OrderExportQuery } from './search-schema';
import { orderSearchConditions } from './search';

/** Orders read per query while streaming. */
export const EXPORT_BATCH = 500;

/**
 * The CSV's columns, in order. Amounts in dollars with 2 decimals; date and time in the shop's time
 * zone. Delivery: `shipping_fee` is the delivery fee and `assembly_fee` the assembly, both
 * as the order stored them; the service and zone by the names they had when the order was placed;
 * `delivery_date` the booked or earliest day (for click & collect, the day it is ready), YYYY-MM-DD;
 * `delivery_window` morning or afternoon (two-person services). Orders from before delivery
 * zones leave the four delivery columns empty. `discount` is the discount code's amount off the
 * goods (0.00 without one) and `discount_code` the code as applied, so each row adds up:
 * subtotal − discount + shipping_fee + assembly_fee (+ gst when prices exclude GST) = total_amount
 * (lib/pricing/totals.ts).
 */
export const ORDER_EXPORT_COLUMNS = [
  'order_id',
  'order_date',
  'status',
  'payment_status',
  'payment_method',
  'customer',
  'contact_name',
  'contact_email',
  'contact_phone',
  'items',
  'subtotal',
  'discount_code',
  'discount',
  'shipping_fee',
  'assembly_fee',
  'gst',
  'total_amount',
  'currency',
  'delivery_service',
  'delivery_zone',
  'delivery_date',
  'delivery_window',
] as const;

type ExportRow = {
  id: number;
  created_at: string;
  local_date: string;
  status: string;
  payment_status: string;
  payment_method: string | null;
  user_name: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  items: number | string;
  subtotal: number | string;
  discount_code: string | null;
  discount_cents: number | string;
  shipping_fee: number | string;
  assembly_fee: number | string;
  gst_amount: number | string;
  total_amount: number | string;
  currency: string;
  delivery_service_name: string | null;
  delivery_zone_name: string | null;
  delivery_date: string | null;
  delivery_window: string | null;
};

const dollars = (cents: number | string) => (Number(cents) / 100).toFixed(2);

/** One batch: the orders matching `where` after the keyset position, newest first. */
async function readBatch(where: SQL[], tz: string, after: { createdAt: string; id: number } | null): Promise<ExportRow[]> {
  const conditions = [...where];
  if (after) conditions.push(sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id})`);
  const whereSql = conditions.length ? sql`WHERE ${and(...conditions)}` : sql``;
  const res = await db.execute(sql`
    SELECT orders.id, orders.created_at::text AS created_at, to_char(orders.created_at AT TIME ZONE ${tz}::text, 'YYYY-MM-DD HH24:MI') AS local_date,
           orders.status, orders.payment_status, orders.payment_method, owner.user_name,
           nullif(trim(coalesce(orders.contact ->> 'firstName', '') || ' ' || coalesce(orders.contact ->> 'lastName', '')), '') AS contact_name,
           orders.contact ->> 'email' AS contact_email, orders.contact ->> 'phoneNumber' AS contact_phone,
           (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = orders.id) AS items,
           orders.subtotal, orders.discount_code, orders.discount_cents, orders.shipping_fee, orders.assembly_fee, orders.gst_amount, orders.total_amount, orders.currency,
           orders.delivery_service_name, orders.delivery_zone_name, orders.delivery_date::text AS delivery_date, orders.delivery_window
      FROM ${orders} LEFT JOIN users owner ON owner.id = orders.user_id
      ${whereSql}
     ORDER BY orders.created_at DESC, orders.id DESC
     LIMIT ${EXPORT_BATCH}`);
  return (res as unknown as { rows: ExportRow[] }).rows;
}

function toCsv(rows: ExportRow[], header: boolean): string {
  return stringify(
    rows.map((r) => [
      r.id,
      r.local_date,
      r.status,
      r.payment_status,
      r.payment_method ?? '',
      r.user_name ?? '',
      r.contact_name ?? '',
      r.contact_email ?? '',
      r.contact_phone ?? '',
      Number(r.items),
      dollars(r.subtotal),
      r.discount_code ?? '',
      dollars(r.discount_cents),
      dollars(r.shipping_fee),
      dollars(r.assembly_fee),
      dollars(r.gst_amount),
      dollars(r.total_amount),
      r.currency,
      r.delivery_service_name ?? '',
      r.delivery_zone_name ?? '',
      r.delivery_date ?? '',
      r.delivery_window ?? '',
    ]),
    { header, columns: [...ORDER_EXPORT_COLUMNS], escape_formulas: true },
  );
}

/**
 * The selection as a CSV stream (GET /api/orders/export).
 * @param query status, q, from, to — as the list (validated by orderExportQuerySchema)
 * @returns `filename` (orders-<today in the shop's time zone>.csv, or orders-<from>-to-<to>.csv)
 *   and `body`, a stream of UTF-8 CSV text: the header row, then one row per order, newest first
 * @throws 401/403 not an administrator (before anything is read); a database failure on the first
 *   batch throws here (→ 500), a later one ends the stream with an error
 */
export async function exportOrdersCsv(actor: SessionUser, query: OrderExportQuery): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  authorize(actor, 'orders.read');
  const { timeZone: tz } = await getShopSettings();
  const where = [...(query.status ? [eq(orders.status, query.status)] : []), ...orderSearchConditions(query, tz)];
  const encoder = new TextEncoder();
  let batch = await readBatch(where, tz, null);
  let first = true;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const filename = query.from || query.to ? `orders-${query.from ?? 'start'}-to-${query.to ?? today}.csv` : `orders-${today}.csv`;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!first && batch.length < EXPORT_BATCH) return controller.close();
        if (!first) {
          const last = batch[batch.length - 1];
          batch = await readBatch(where, tz, { createdAt: last.created_at, id: last.id });
        }
        controller.enqueue(encoder.encode(toCsv(batch, first)));
        first = false;
        if (batch.length < EXPORT_BATCH) controller.close();
      } catch (e) {
        console.error('[orders] export stream failed', e);
        controller.error(e);
      }
    },
  });
  return { filename, body };
}
