// GET /api/users/{id}/data-export — a customer's data as a zip, downloaded by staff on the customer's behalf (docs/accounts-and-security.md "A customer's own data")
import { exportAccountData } from '@/lib/accounts/privacy-export';
import { zipResponse } from '@/lib/http/download';
import { idParams, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/**
 * Administrators. → 200 application/zip attachment, the same files the customer downloads
 * themselves; 404 unknown or closed account; 401/403.
 */
export const GET = route({ auth: 'admin', params: idParams }, async ({ user, params }) => zipResponse(await exportAccountData(user, params.id)));
