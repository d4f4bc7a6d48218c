// GET /api/discount-codes — every discount code with its uses (admin)
// POST /api/discount-codes — create a discount code (admin)
import { json, route } from '@/lib/http/route';
import { createDiscountCode, listDiscountCodes } from '@/lib/discounts/service';
import { discountCodeCreateSchema } from '@/lib/discounts/schemas';

export const dynamic = 'force-dynamic';

/** → 200 [DiscountCode] newest first, each with `uses` (orders carrying it that are not cancelled) and `state`; 401/403. */
export const GET = route({ auth: 'admin' }, ({ user }) => listDiscountCodes(user));

/**
 * Body {code, kind: percent|fixed, value (percent: 10 = 10 %; fixed: dollars), min_spend? (dollars),
 * starts_at?, ends_at? (ISO 8601), max_uses?, max_uses_per_customer?, active?, category_ids?}.
 * → 201 DiscountCode; 400 invalid or unknown category; 401/403; 409 the code exists (any case).
 */
export const POST = route({ auth: 'admin', body: discountCodeCreateSchema }, async ({ user, body }) => json(await createDiscountCode(user, body), 201));
