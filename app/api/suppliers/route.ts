// GET /api/suppliers — every supplier (admin; spec §7 admin)
// POST /api/suppliers — add a supplier {name, contact_info} (admin; spec §7 admin)
import { createSupplier, listSuppliers } from '@/lib/catalog/admin/merchants';
import { json, route } from '@/lib/http/route';
import { supplierSchema } from '@/lib/catalog/admin/supplier-schema';

export const dynamic = 'force-dynamic';

/** → 200 [{supplier_id, name, contact_info}] sorted by name; 401/403. */
export const GET = route({ auth: 'admin' }, ({ user }) => listSuppliers(user));

/** {name, contact_info?} → 201 {supplier_id, name, contact_info}; 400 invalid; 401/403; 409 name taken (any case). */
export const POST = route({ auth: 'admin', body: supplierSchema }, async ({ user, body }) => json(await createSupplier(user, body), 201));
