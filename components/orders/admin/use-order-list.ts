'use client';
/**
 * The Order Management list: the page the server rendered first, then the page the address asks
 * for (?status, ?q, ?from, ?to, ?page), read through GET /api/orders, 10 a page, newest first. A
 * filter, search or page change adds a history entry without a server render; Back and Forward
 * read their page again. Also which orders are opened, the one being edited, and Delete Order.
 */
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { toastFailure } from '@/components/ui/toast-failure';
import { api } from '@/lib/api/client';
import type { OrderJson } from '@/lib/orders/contracts';
import { ORDERS_PAGE_SIZE } from '@/lib/orders/schemas';
import { LIST_FAILED, orderListHref, readOrderQuery, sameOrderQuery, type OrderQuery } from './order-query';

export type OrderListPage = { orders: OrderJson[]; currentPage: number; totalPages: number; total: number };

/** One page of `query`; a page past the end shows the last page (as the server's first render does). */
async function readPage({ status, page, q, from, to }: OrderQuery): Promise<OrderListPage> {
  const read = (p: number) =>
    api.orders.list({ page: p, limit: ORDERS_PAGE_SIZE, status: status === 'all' ? undefined : status, q: q || undefined, from: from || undefined, to: to || undefined });
  let result = await read(page);
  if (result.page > result.totalPages) result = await read(result.totalPages);
  return { orders: result.items, currentPage: result.page, totalPages: result.totalPages, total: result.total };
}

/**
 * `initial`: the page the server read for `initialQuery`. Returns the filters in the address, the
 * page shown, a load error, the opened and edited orders, and the actions; only deleteOrder
 * throws (see there).
 */
export function useOrderList(initial: OrderListPage, initialQuery: OrderQuery) {
  const searchParams = useSearchParams();
  const wanted = useMemo(() => readOrderQuery((name) => searchParams.get(name)), [searchParams]);
  // The page shown, and the query it answers.
  const [shown, setShown] = useState({ data: initial, query: initialQuery });
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [editingId, setEditingId] = useState<number | null>(null);
  const latest = useRef(0);

  /** Reads `q` and shows it, unless a later read was asked for meanwhile. Never rejects. */
  const load = useCallback((q: OrderQuery) => {
    const request = ++latest.current;
    return readPage(q).then(
      (data) => {
        if (request !== latest.current) return;
        setShown({ data, query: q });
        setError(null);
      },
      (e: unknown) => {
        console.error('[admin/order] list', e);
        if (request === latest.current) setError(LIST_FAILED);
      },
    );
  }, []);

  // The address changed (a filter, a search, a page, Back or Forward): read what it asks for. Once
  // the answer is shown both agree again; a failed read leaves them apart without reading again.
  useEffect(() => {
    if (!sameOrderQuery(wanted, shown.query)) void load(wanted);
  }, [wanted, shown.query, load]);

  /** Shows other filters and/or another page (page 1 unless given); closes the editor. */
  function go(next: Partial<OrderQuery>) {
    setEditingId(null);
    window.history.pushState(null, '', orderListHref({ ...wanted, ...next, page: next.page ?? 1 }));
  }

  /** Reads the page shown again (after a save or a delete). */
  const reload = () => load(shown.query);

  const toggle = (id: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** DELETE /api/orders/{id}, then reloads. A failure is toasted and rethrown, so the confirmation stays open. */
  async function deleteOrder(id: number) {
    try {
      await api.orders.remove(id);
    } catch (e) {
      toastFailure('Failed to delete order. Please try again.', e);
      throw e;
    }
    toast.success(`Order #${id} deleted.`);
    if (editingId === id) setEditingId(null);
    await reload();
  }

  // `wanted`: the filters in the address; `listed`: the query the rows shown answer.
  return { wanted, status: wanted.status, listed: shown.query, listedStatus: shown.query.status, ...shown.data, error, expanded, toggle, editingId, setEditingId, go, reload, deleteOrder };
}
