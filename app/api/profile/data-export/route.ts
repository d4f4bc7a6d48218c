// GET /api/profile/data-export — download my data: a zip of what the shop holds about my account (docs/accounts-and-security.md "A customer's own data")
import { exportAccountData } from '@/lib/accounts/privacy-export';
import { route } from '@/lib/http/route';
import { zipResponse } from '@/lib/http/download';

export const dynamic = 'force-dynamic';

/**
 * Signed-in users, their own account only. → 200 application/zip attachment
 * `totara-home-data-<id>-<YYYY-MM-DD>.zip`: account.json and CSV files (lib/accounts/privacy-export.ts),
 * `Cache-Control: private, no-store`; 401 without a session.
 */
export const GET = route({ auth: 'user' }, async ({ user }) => zipResponse(await exportAccountData(user, user.id)));
