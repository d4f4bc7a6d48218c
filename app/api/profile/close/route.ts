// POST /api/profile/close — close my account, given my password (docs/accounts-and-security.md "A customer's own data")
import { loginAddress } from '@/lib/accounts/login';
import { ACCOUNT_CLOSED, closeAccountSchema } from '@/lib/accounts/privacy-schemas';
import { route } from '@/lib/http/route';
import { closeCustomerAccount } from '@/lib/payments/account-closure';

/**
 * Body {password}. Anonymises the account and ends every session and token; orders, invoices and
 * reviews (without the name) stay (lib/accounts/privacy-close.ts); saved cards are detached at the
 * gateway. → 200 {success, message, cards_to_detach}; 400 wrong or missing password (field
 * password); 401 without a session; 409 an administrator's account; 429 past the login limits.
 */
export const POST = route({ auth: 'user', body: closeAccountSchema }, async ({ req, user, body }) => {
  const { cardsToDetach } = await closeCustomerAccount(user, user.id, body.password, loginAddress(req.headers));
  return { success: true as const, message: ACCOUNT_CLOSED, cards_to_detach: cardsToDetach };
});
