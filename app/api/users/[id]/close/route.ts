// POST /api/users/{id}/close — close a customer's account on their behalf (docs/accounts-and-security.md "A customer's own data")
import { loginAddress } from '@/lib/accounts/login';
import { idParams, route } from '@/lib/http/route';
import { closeCustomerAccount } from '@/lib/payments/account-closure';

/**
 * Administrators, no body (the customer asked staff; no password). The same closure as
 * POST /api/profile/close. → 200 {success, message, cards_to_detach}; 404 unknown or already closed
 * account; 409 an administrator's account; 401/403.
 */
export const POST = route({ auth: 'admin', params: idParams }, async ({ req, user, params }) => {
  const { cardsToDetach } = await closeCustomerAccount(user, params.id, undefined, loginAddress(req.headers));
  return { success: true as const, message: `Account #${params.id} is closed.`, cards_to_detach: cardsToDetach };
});
