'use client';
/** A Merchant Management tab's rows: the server's list for the first paint, read again after each change. */
import { useCallback, useState } from 'react';
import type { MerchantKind, MerchantRow } from './merchant-kinds';

const loadFailure = (plural: string) => `Failed to fetch ${plural}. Please try again later.`;

/**
 * @param initial the list read on the server; null when that failed (the tab starts empty, with the error).
 * @returns the rows, the load error shown above the table (null when none), and `reload()`, which never throws.
 */
export function useMerchantList<T>(kind: MerchantKind<T>, initial: T[] | null) {
  const [rows, setRows] = useState<MerchantRow[]>(() => (initial ?? []).map(kind.toRow));
  const [loadError, setLoadError] = useState<string | null>(initial ? null : loadFailure(kind.plural));

  const reload = useCallback(async () => {
    try {
      setRows((await kind.list()).map(kind.toRow));
      setLoadError(null);
    } catch (e) {
      console.error(`[admin/merchant] ${kind.plural}`, e);
      setLoadError(loadFailure(kind.plural));
    }
  }, [kind]);

  return { rows, loadError, reload };
}
