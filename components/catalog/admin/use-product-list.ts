'use client';
/**
 * The Product Management list: the page the server rendered first, then pages and searches read
 * through GET /api/products (18 a page, every image, newest first), and Delete. A response that
 * arrives after a newer request was sent is dropped, so the table shows the last page asked for.
 */
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, api } from '@/lib/api/client';
import type { ProductJson } from '@/lib/catalog/types';
import { productListQuery } from './product-list-query';

export const LIST_FAILED = 'Failed to fetch products. Please try again later.';
const DELETE_FAILED = 'Failed to delete product. Please try again.';

/** One page of the table; null from the server when it could not be read. */
export type ProductListPage = { products: ProductJson[]; currentPage: number; totalPages: number; total?: number };

/**
 * `initial`: the first page, read on the server (null when that failed: the table starts empty
 * with LIST_FAILED). Returns the page shown, the search in force, whether a page is loading, the
 * load error, and the actions; none of them throws except deleteProduct (see there).
 */
export function useProductList(initial: ProductListPage | null) {
  const [data, setData] = useState<ProductListPage>(initial ?? { products: [], currentPage: 1, totalPages: 1 });
  const [error, setError] = useState<string | null>(initial ? null : LIST_FAILED);
  const [activeQuery, setActiveQuery] = useState('');
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  // What reload() reads again: the page and search last asked for.
  const shown = useRef({ page: data.currentPage, q: '' });

  async function load(page: number, q: string) {
    const request = ++latest.current;
    shown.current = { page, q };
    setLoading(true);
    try {
      const json = await api.catalog.products(productListQuery(page, q));
      if (request !== latest.current) return;
      setData({ products: json.products, currentPage: json.currentPage, totalPages: Math.max(1, json.totalPages), total: json.total });
      setError(null);
    } catch (e) {
      console.error('[admin/product] products', e);
      if (request === latest.current) setError(LIST_FAILED);
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }

  /** Shows page `page` (kept within 1 … totalPages) of the search in force. */
  const goToPage = (page: number) => load(Math.min(Math.max(1, page), data.totalPages), activeQuery);

  /** Searches by name or SKU from page 1 ('' = every product). */
  function search(q: string) {
    const trimmed = q.trim();
    setActiveQuery(trimmed);
    return load(1, trimmed);
  }

  /** Reads the page shown again (after a save or a delete). */
  const reload = () => load(shown.current.page, shown.current.q);

  /**
   * DELETE /api/products/{id}, then reloads; toasts whether the product was deleted or archived
   * (it appears in past orders). A product already gone is reported and the table reloaded; any
   * other failure is toasted and rethrown, so the confirmation stays open.
   */
  async function deleteProduct(product: ProductJson) {
    try {
      const result = await api.catalog.deleteProduct(product.product_id);
      toast.success(result.archived ? `“${product.name}” was archived: it appears in past orders, so it is hidden from the shop and kept for order history.` : `“${product.name}” was deleted.`);
    } catch (e) {
      console.error('[admin/product] delete', e);
      const gone = e instanceof ApiError && e.status === 404;
      toast.error(gone ? 'That product no longer exists.' : DELETE_FAILED);
      if (!gone) throw e;
    }
    await reload();
  }

  return { data, error, activeQuery, loading, goToPage, search, reload, deleteProduct };
}
