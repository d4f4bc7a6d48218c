'use client';
/**
 * The list of User or Administrator Management: the accounts the server read for the first paint,
 * read again through the API after each change, and the Delete that both screens share.
 */
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { toastFailure } from '@/components/ui/toast-failure';

/** What a screen's list needs to know about its accounts (USERS and ADMINS in account-kinds.ts). */
export type AccountKind<T> = {
  id: (account: T) => number;
  name: (account: T) => string;
  email: (account: T) => string;
  /** The row's data-testid, e.g. `user-row-7`. */
  testId: (account: T) => string;
  /** Every account of the list, from the API. */
  read: () => Promise<T[]>;
  loadFailure: string;
  /** Deletes the account; resolves with the success toast. */
  remove: (account: T) => Promise<string>;
  removeFailure: string;
  deleteTitle: (account: T) => string;
  deleteDescription: string;
};

/**
 * @param kind the screen's configuration.
 * @param initial the accounts read on the server (no loading state on first paint).
 * @returns `accounts`; `reload()` (never throws: a failure is toasted); `remove(account)`, which
 *   toasts either way and rethrows a failure so the confirmation stays open.
 */
export function useAccounts<T>(kind: AccountKind<T>, initial: T[]) {
  const [accounts, setAccounts] = useState(initial);

  const reload = useCallback(async () => {
    try {
      setAccounts(await kind.read());
    } catch (e) {
      toastFailure(kind.loadFailure, e);
    }
  }, [kind]);

  const remove = useCallback(
    async (account: T) => {
      try {
        toast.success(await kind.remove(account));
      } catch (e) {
        toastFailure(kind.removeFailure, e);
        throw e;
      }
      void reload();
    },
    [kind, reload],
  );

  return { accounts, reload, remove };
}
