'use client';
/** One Finance Center list, a page at a time: the server's first page, then pages from the API. */
import { useCallback, useState } from 'react';
import { toast } from 'sonner';

/**
 * @param initial the first page, read on the server (no loading state on first paint).
 * @param read fetches page `page` (1-based) from the API.
 * @returns `data` (the page shown), `loading`, and `load(page)`, which never throws: a failure
 *   keeps the page shown and toasts.
 */
export function useFinancePage<T>(initial: T, read: (page: number) => Promise<T>) {
  const [data, setData] = useState(initial);
  const [loading, setLoading] = useState(false);
  const load = useCallback(
    async (page: number) => {
      setLoading(true);
      try {
        setData(await read(page));
      } catch (e) {
        console.error('[admin] finance page failed', e);
        toast.error('Failed to load this page. Please try again.');
      } finally {
        setLoading(false);
      }
    },
    [read],
  );
  return { data, loading, load };
}
