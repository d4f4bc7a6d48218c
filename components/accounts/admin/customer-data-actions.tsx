'use client';
/**
 * A customer's own data, handled by staff on the customer's behalf (docs/accounts-and-security.md
 * "A customer's own data"): "Download data" (a plain link to GET /api/users/{id}/data-export, which
 * answers the same zip as Profile → Privacy) and "Close account" (a confirmation, then POST
 * /api/users/{id}/close). User Management shows them only to staff with customers.write, and Close
 * account only for a customer's account (an administrator's is refused with 409).
 */
import { toast } from 'sonner';
import { AdminButton, adminButtonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastFailure } from '@/components/ui/toast-failure';
import { api } from '@/lib/api/client';
import type { AdminUserJson } from '@/lib/accounts/contracts';

const CLOSE_FAILED = 'Failed to close the account. Please try again.';

/** `onClosed` runs after the account is closed (the list reads its page again). */
export function CustomerDataActions({ user, onClosed }: { user: AdminUserJson; onClosed: () => void }) {
  async function close() {
    try {
      const res = await api.accounts.closeUser(user.user_id);
      const cards = res.cards_to_detach === 0 ? '' : ` ${res.cards_to_detach === 1 ? 'Its saved card is' : `Its ${res.cards_to_detach} saved cards are`} being detached at the card gateway.`;
      toast.success(`${res.message}${cards}`);
      onClosed();
    } catch (e) {
      toastFailure(CLOSE_FAILED, e);
      throw e;
    }
  }

  return (
    <>
      <a href={`/api/users/${user.user_id}/data-export`} download className={adminButtonClass('secondary', 'sm')}>
        Download data
      </a>
      {user.is_admin ? null : (
        <ConfirmDialog
          trigger={
            <AdminButton size="sm" variant="danger">
              Close account
            </AdminButton>
          }
          title={`Close the account of ${user.user_name}?`}
          description={
            <>
              Their name, e-mail, phone, saved addresses, contacts and payment methods are removed, saved cards are detached at the card gateway, and they can no longer sign in. Orders,
              tax invoices and their reviews (without the name) are kept, as the law requires. This cannot be undone.
            </>
          }
          confirmLabel="Close account"
          cancelLabel="Keep the account"
          onConfirm={close}
        />
      )}
    </>
  );
}
