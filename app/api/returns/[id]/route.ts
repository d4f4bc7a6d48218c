// PUT /api/returns/{id} — move a return: approve, decline, received, refunded (admin)
import { returnUpdateSchema } from '@/lib/orders/after-sale-schemas';
import { updateReturn } from '@/lib/orders/returns';
import { idParams, route } from '@/lib/http/route';

/**
 * Admin only. Body: { status: 'approved' | 'declined' | 'received' | 'refunded', message? (to the
 * customer, with a decision) }. The moves allowed are those of lib/orders/return-rules.ts
 * (requested → approved | declined; approved → received; received → refunded). `refunded` refunds
 * the returned lines at their price with restock through the payment's gateway. 200 → the return.
 * 400 invalid body; 401/403; 404 unknown return; 409 a move the rules refuse, or a refund refused.
 */
export const PUT = route({ auth: 'admin', params: idParams, body: returnUpdateSchema }, ({ user, params, body }) => updateReturn(user, params.id, body));
