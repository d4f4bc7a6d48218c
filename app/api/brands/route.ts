// GET /api/brands — every brand (public; spec §7 admin "GET /brands")
// POST /api/brands — add a brand {name, description} (admin; spec §7 admin)
import { createBrand, listBrands } from '@/lib/catalog/admin/merchants';
import { json, route } from '@/lib/http/route';
import { brandSchema } from '@/lib/catalog/admin/brand-schema';

export const dynamic = 'force-dynamic';

/** → 200 [{brand_id, name, description}] sorted by name. */
export const GET = route({ auth: 'public' }, () => listBrands());

/** {name, description?} → 201 {brand_id, name, description}; 400 invalid; 401/403; 409 name taken (any case). */
export const POST = route({ auth: 'admin', body: brandSchema }, async ({ user, body }) => json(await createBrand(user, body), 201));
