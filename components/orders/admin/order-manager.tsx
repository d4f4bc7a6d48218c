'use client';
/**
 * The Order Management table (spec §2 Order Management, §4 Admin order editing, §5 Admin order
 * items, §8 Orders): filter by status, search and dates (order-filters.tsx, with
 * Export CSV), the orders with their details, one order edited at a time
 * (order-editor.tsx), Delete Order after a confirmation, 10 orders a page. Starts from the page
 * the server read; later pages and every change go through the REST API (use-order-list.ts).
 */
import { AdminTable, EmptyRow, Th } from '@/components/admin/admin-table';
import { Pager } from '@/components/admin/pager';
import { ErrorBanner } from '@/components/admin/status';
import { OrderFilters } from './order-filters';
import type { OrderQuery } from './order-query';
import { OrderRow, type OrderActions } from './order-row';
import { useOrderList, type OrderListPage } from './use-order-list';

const COLUMNS = ['Order ID', 'Customer', 'Status', 'Payment', 'Total Amount', 'Order Date', 'Actions'];

type Props = {
  initial: OrderListPage;
  /** The ?status, ?q, ?from, ?to and ?page the server read `initial` for. */
  query: OrderQuery;
  /** The shop's currency (ISO 4217) and time zone (IANA), for amounts and order dates. */
  currency: string;
  timeZone: string;
  /** What the signed-in staff member may do (orders.fulfil, orders.refund): only those buttons show. */
  may: OrderActions;
};

export function OrderManager({ initial, query, currency, timeZone, may }: Props) {
  const list = useOrderList(initial, query);
  const { orders, total, editingId } = list;
  const dayFormat = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeZone });
  const timeFormat = new Intl.DateTimeFormat('en-NZ', { timeStyle: 'short', timeZone });

  return (
    <div className="space-y-4">
      <OrderFilters wanted={list.wanted} listed={list.listed} total={total} onApply={list.go} />

      {list.error ? <ErrorBanner messages={[list.error]} /> : null}

      <AdminTable label="Orders" stacked>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <Th key={c} className={c === 'Total Amount' ? 'text-right' : undefined}>
                {c}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.length === 0 ? (
            <EmptyRow colSpan={7}>
              {list.listed.q || list.listed.from || list.listed.to ? 'No orders match these filters.' : `No orders ${list.listedStatus === 'all' ? 'yet' : `with status ${list.listedStatus}`}.`}
            </EmptyRow>
          ) : (
            orders.map((order) => (
              <OrderRow
                key={order.order_id}
                order={order}
                currency={currency}
                timeZone={timeZone}
                may={may}
                dayFormat={dayFormat}
                timeFormat={timeFormat}
                open={list.expanded.has(order.order_id) || editingId === order.order_id}
                editing={editingId === order.order_id}
                editLocked={editingId !== null}
                onToggle={() => list.toggle(order.order_id)}
                onEdit={() => list.setEditingId(order.order_id)}
                onEditDone={() => list.setEditingId(null)}
                onChanged={list.reload}
                onDelete={() => list.deleteOrder(order.order_id)}
              />
            ))
          )}
        </tbody>
      </AdminTable>

      {list.totalPages > 1 ? <Pager page={list.currentPage} totalPages={list.totalPages} onPage={(p) => list.go({ page: p })} /> : null}
    </div>
  );
}
