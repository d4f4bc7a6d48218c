// GET, POST /api/unsubscribe?token=… — one-click unsubscribe from marketing e-mail (RFC 8058; docs/mail.md "Marketing e-mail"; not in the spec)
import { NextResponse } from 'next/server';
import { route } from '@/lib/http/route';
import { unsubscribeByLink } from '@/lib/accounts/marketing-consent';
import { unsubscribeQuerySchema } from '@/lib/accounts/schemas';

/**
 * A GET changes nothing (mail scanners open links): 303 to the confirmation page, /unsubscribe?token=….
 */
export const GET = route({ auth: 'public', query: unsubscribeQuerySchema }, ({ req, query }) =>
  NextResponse.redirect(new URL(`/unsubscribe?token=${encodeURIComponent(query.token)}`, req.url), 303),
);

/**
 * The List-Unsubscribe address: a mail client's `List-Unsubscribe=One-Click` POST, or the
 * confirmation page's button. Withdraws the consent of the account the signed token names, at once.
 * → 200 {marketing_consent: false, consented_at: null, wording}; 400 "This unsubscribe link is not
 * valid…" for an altered or cut token (nothing changes); 404 closed account.
 */
export const POST = route({ auth: 'public', query: unsubscribeQuerySchema }, ({ query }) => unsubscribeByLink(query.token));
