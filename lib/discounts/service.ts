/**
 * Discount codes (docs/discounts.md): the administrators' codes, a
 * customer's preview of one, and the check an order makes in its own transaction.
 *
 * - The price of a code is lib/pricing/discounts.ts priceDiscount(), reached through
 *   computeTotals(); this module decides whether a code may be used and which lines it reaches.
 * - Uses are not stored: a code's uses are the orders carrying it that are not cancelled, so a
 *   cancelled or expired unpaid order gives its use back by itself. POST /api/orders locks the
 *   code's row (SELECT … FOR UPDATE) before counting, so concurrent orders take the last use one
 *   at a time and never more than the limit (claimForOrder).
 * - Refusals: unknown, switched off, not started, ended, no eligible goods, below the minimum
 *   spend → 400; every use taken, or the customer's uses taken → 409. The messages say what the
 *   shopper can do.
 *
 * Every administrator operation takes the signed-in user first and checks it (authorize).
 */
import 'server-only';
import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { db, type Executor, type Tx } from '@/db/client';
import { categories, discountCodeCategories, discountCodes, orders, productCategories, products, type DiscountCode } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { listCartItems } from '@/lib/cart/queries';
import { AppError, badRequest, conflict, notFound } from '@/lib/server/errors';
import { formatMoney, toCents, toDecimal } from '@/lib/money';
import { describeDiscount, priceDiscount, PERCENT_BASIS, type DiscountRule } from '@/lib/pricing/discounts';
import { computeTotals, deliveryRule, NO_DELIVERY, type Line, type Totals } from '@/lib/pricing/totals';
import { estimateDeliveryFor } from '@/lib/accounts/delivery-estimate';
import { getShopSettings, type ShopSettings } from '@/lib/settings/queries';
import type { DiscountCodeJson, DiscountPreviewJson, DiscountState } from './contracts';
import type { DiscountCodeCreateInput, DiscountCodeUpdateInput, DiscountPreviewInput } from './schemas';

export type { DiscountCodeJson, DiscountPreviewJson };

export const UNKNOWN_CODE = "We don't recognise that discount code. Please check it and try again.";
export const CODE_OFF = 'This discount code is no longer available.';
export const CODE_USED_UP = 'This discount code has been used the maximum number of times.';
export const NO_ELIGIBLE_ITEMS = "This discount code doesn't apply to the items in your order.";

/** A line to price: its product, unit price (cents) and quantity. */
export type CodeLine = { productId: number; unitPrice: number; quantity: number };

/** A code accepted for an order: its row, its rule and the lines marked eligible. */
export type AcceptedCode = { row: DiscountCode; rule: DiscountRule; lines: Line[] };

/** The stored code → its pricing rule. */
export const ruleOf = (row: Pick<DiscountCode, 'kind' | 'value' | 'minSpendCents'>): DiscountRule => ({ kind: row.kind, value: row.value, minSpendCents: row.minSpendCents });

const usesOf = (codeId: number, userId?: number) =>
  and(eq(orders.discountCodeId, codeId), ne(orders.status, 'cancelled'), userId === undefined ? undefined : eq(orders.userId, userId));

/** Orders carrying the code that are not cancelled (with `userId`: that customer's). */
export async function countUses(executor: Executor, codeId: number, userId?: number): Promise<number> {
  const [{ n }] = await executor.select({ n: count() }).from(orders).where(usesOf(codeId, userId));
  return n;
}

/** The ids among `productIds` the code reaches: all without categories, else those in its categories or their subcategories. */
export async function eligibleProducts(executor: Executor, codeId: number, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const limits = await executor.select({ id: discountCodeCategories.categoryId }).from(discountCodeCategories).where(eq(discountCodeCategories.discountCodeId, codeId));
  if (limits.length === 0) return new Set(productIds);
  const listed = limits.map((l) => l.id);
  const reach = await executor
    .select({ id: categories.id })
    .from(categories)
    .where(or(inArray(categories.id, listed), inArray(categories.parentId, listed)));
  const ids = reach.map((r) => r.id);
  const rows = await executor
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        inArray(products.id, productIds),
        or(inArray(products.categoryId, ids), sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${inArray(productCategories.categoryId, ids)})`),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** A moment as the shopper reads it, in the store's time zone ("26 Nov 2026, 9:00 am"). */
const when = (d: Date, timeZone: string) => new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);

/**
 * Checks the code for `userId`'s lines and prices it; with `lock` the code's row is locked for
 * the rest of the transaction before its uses are counted (POST /api/orders).
 * @throws 400 unknown, switched off, not started, ended, nothing eligible, below the minimum
 *   spend; 409 every use, or every use of this customer, taken
 */
async function acceptCode(executor: Executor, code: string, userId: number, lines: CodeLine[], settings: ShopSettings, lock: boolean): Promise<AcceptedCode> {
  const query = executor.select().from(discountCodes).where(sql`lower(${discountCodes.code}) = lower(${code})`);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw badRequest(UNKNOWN_CODE, { field: 'discount_code' });
  if (!row.active) throw badRequest(CODE_OFF, { field: 'discount_code' });
  const now = Date.now();
  if (row.startsAt && row.startsAt.getTime() > now) throw badRequest(`This discount code can be used from ${when(row.startsAt, settings.timeZone)}.`, { field: 'discount_code' });
  if (row.endsAt && row.endsAt.getTime() <= now) throw badRequest(`This discount code expired on ${when(row.endsAt, settings.timeZone)}.`, { field: 'discount_code' });
  if (lines.length === 0) throw badRequest('Your cart is empty.');
  const reach = await eligibleProducts(executor, row.id, [...new Set(lines.map((l) => l.productId))]);
  const marked: Line[] = lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, eligible: reach.has(l.productId) }));
  const rule = ruleOf(row);
  const price = priceDiscount(marked, rule);
  if (price.eligibleCents === 0) throw badRequest(NO_ELIGIBLE_ITEMS, { field: 'discount_code' });
  if (!price.minSpendMet) {
    const money = (c: number) => formatMoney(toDecimal(c), settings.currency);
    const on = reach.size < lines.length ? ' on eligible items' : '';
    throw badRequest(`Spend at least ${money(rule.minSpendCents)}${on} to use this code (you have ${money(price.eligibleCents)}).`, { field: 'discount_code' });
  }
  if (row.maxUses !== null && (await countUses(executor, row.id)) >= row.maxUses) throw conflict(CODE_USED_UP);
  if (row.maxUsesPerCustomer !== null && (await countUses(executor, row.id, userId)) >= row.maxUsesPerCustomer) {
    throw conflict(row.maxUsesPerCustomer === 1 ? 'You have already used this discount code.' : `You have already used this discount code ${row.maxUsesPerCustomer} times, the most it allows.`);
  }
  return { row, rule, lines: marked };
}

/**
 * In POST /api/orders's transaction: locks the code's row, checks it and counts its uses (in total
 * and by this customer) while the lock is held, so the use the new order takes is counted by
 * every later order; the lock ends with the transaction.
 * @param lines the order's lines with the prices it is placed at (cents)
 * @returns the row, its rule and the lines marked eligible, for computeTotals
 * @throws 400 / 409 as acceptCode
 */
export const claimForOrder = (tx: Tx, code: string, userId: number, lines: CodeLine[], settings: ShopSettings) => acceptCode(tx, code, userId, lines, settings, true);

/**
 * When an administrator re-opens a cancelled order that carries a code (lib/orders/service.ts
 * moveOrder): the order takes a use again, so — as for a new order — the code's row is locked and
 * its limits are checked first. Dates and the minimum spend are not: the order was placed with the code.
 * @throws 409 naming the code when every use, or every use of that customer, has been taken since
 */
export async function reclaimUse(tx: Tx, order: { discountCodeId: number | null; userId: number }): Promise<void> {
  if (order.discountCodeId === null) return;
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, order.discountCodeId)).for('update');
  if (!row) return;
  const full =
    (row.maxUses !== null && (await countUses(tx, row.id)) >= row.maxUses) ||
    (row.maxUsesPerCustomer !== null && (await countUses(tx, row.id, order.userId)) >= row.maxUsesPerCustomer);
  if (full) throw conflict(`This order cannot be re-opened: its discount code ${row.code} has been used the maximum number of times since it was cancelled.`);
}

/**
 * The discount of an order being re-priced by an administrator's item edit (lib/orders/edit.ts):
 * the code's rule on the order's current lines, without the checks of a new use (dates, limits,
 * minimum spend: the order already carries the code). null when the order has none.
 */
export async function repriceRule(tx: Tx, codeId: number | null, lines: CodeLine[]): Promise<{ rule: DiscountRule; lines: Line[] } | null> {
  if (codeId === null) return null;
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, codeId));
  if (!row) return null;
  const reach = await eligibleProducts(tx, row.id, [...new Set(lines.map((l) => l.productId))]);
  return { rule: { ...ruleOf(row), minSpendCents: 0 }, lines: lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, eligible: reach.has(l.productId) })) };
}

/**
 * POST /api/discount-codes/preview: the code priced on the customer's cart lines (the selection
 * the order confirmation shows, or the whole cart) at today's prices and settings, with the
 * totals the order would have (delivery: the cart's estimate for the customer's saved address,
 * lib/accounts/delivery-estimate.ts). Nothing is reserved: placing the order checks everything again.
 * @returns DiscountPreviewJson (money in dollars)
 * @throws 401 no user; 400 as claimForOrder, or an empty cart (after the code's own checks); 404 a line not in the cart; 409 uses taken
 */
export async function previewDiscount(actor: SessionUser, input: DiscountPreviewInput): Promise<DiscountPreviewJson> {
  authorize(actor, 'user');
  const items = await listCartItems(actor.id, input.cart_item_ids);
  if (input.cart_item_ids && items.length !== input.cart_item_ids.length) throw notFound('Some of the selected items are no longer in your cart. Please review your cart and try again.');
  const settings = await getShopSettings();
  const lines = items.map((i) => ({ productId: i.product_id, unitPrice: toCents(i.Product.price), quantity: i.quantity }));
  const accepted = await acceptCode(db, input.code, actor.id, lines, settings, false);
  // Delivery as the cart estimates it (docs/delivery.md "Estimates"), the free-over amount judged on
  // the goods after the discount as the order judges it.
  const estimate = await estimateDeliveryFor(actor.id, lines);
  const delivery = estimate.kind === 'none' ? NO_DELIVERY : deliveryRule(estimate.service);
  const totals = computeTotals(accepted.lines, { ...settings, ...delivery }, accepted.rule);
  return toPreviewJson(accepted, totals, settings);
}

function toPreviewJson(accepted: AcceptedCode, t: Totals, s: ShopSettings): DiscountPreviewJson {
  const eligible = accepted.lines.reduce((sum, l) => (l.eligible === false ? sum : sum + l.unitPrice * l.quantity), 0);
  return {
    code: accepted.row.code,
    description: describeDiscount(accepted.rule, (c) => formatMoney(toDecimal(c), s.currency)),
    eligible_subtotal: toDecimal(eligible),
    discount_amount: toDecimal(t.discount),
    subtotal: toDecimal(t.subtotal),
    shipping_fee: toDecimal(t.shippingFee),
    gst_amount: toDecimal(t.gst),
    gst_rate_percent: s.gstRatePercent,
    prices_include_gst: s.pricesIncludeGst,
    total_amount: toDecimal(t.totalAmount),
    currency: s.currency,
  };
}

// ── Back office ─────────────────────────────────────────────────────────────────────────────

/** Where a code stands at `now`. */
export function stateOf(row: Pick<DiscountCode, 'active' | 'startsAt' | 'endsAt' | 'maxUses'>, uses: number, now = Date.now()): DiscountState {
  if (!row.active) return 'off';
  if (row.endsAt && row.endsAt.getTime() <= now) return 'expired';
  if (row.maxUses !== null && uses >= row.maxUses) return 'used_up';
  if (row.startsAt && row.startsAt.getTime() > now) return 'scheduled';
  return 'active';
}

/** Stored value → the JSON's: a percentage (basis points / 100) or dollars. */
const valueJson = (row: Pick<DiscountCode, 'kind' | 'value'>) => (row.kind === 'percent' ? row.value / PERCENT_BASIS : toDecimal(row.value));

export function toDiscountCodeJson(row: DiscountCode, uses: number, cats: { category_id: number; name: string }[]): DiscountCodeJson {
  return {
    discount_code_id: row.id,
    code: row.code,
    kind: row.kind,
    value: valueJson(row),
    min_spend: toDecimal(row.minSpendCents),
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    max_uses_per_customer: row.maxUsesPerCustomer,
    active: row.active,
    categories: cats,
    uses,
    state: stateOf(row, uses),
    created_at: row.createdAt.toISOString(),
  };
}

/** The JSON of the given codes, with their uses and categories, in the order given. */
async function withUsesAndCategories(executor: Executor, rows: DiscountCode[]): Promise<DiscountCodeJson[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const uses = await executor
    .select({ id: orders.discountCodeId, n: count() })
    .from(orders)
    .where(and(inArray(orders.discountCodeId, ids), ne(orders.status, 'cancelled')))
    .groupBy(orders.discountCodeId);
  const cats = await executor
    .select({ codeId: discountCodeCategories.discountCodeId, category_id: categories.id, name: categories.name })
    .from(discountCodeCategories)
    .innerJoin(categories, eq(categories.id, discountCodeCategories.categoryId))
    .where(inArray(discountCodeCategories.discountCodeId, ids))
    .orderBy(asc(categories.name));
  return rows.map((r) =>
    toDiscountCodeJson(
      r,
      uses.find((u) => u.id === r.id)?.n ?? 0,
      cats.filter((c) => c.codeId === r.id).map(({ category_id, name }) => ({ category_id, name })),
    ),
  );
}

/**
 * GET /api/discount-codes: every code, newest first, with its uses, categories and state.
 * @throws 401/403 not an administrator
 */
export async function listDiscountCodes(actor: SessionUser): Promise<DiscountCodeJson[]> {
  authorize(actor, 'discounts.write');
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  return withUsesAndCategories(db, rows);
}

/** A discount code as the audit log names it. */
const codeTarget = (row: DiscountCode) => ({ type: 'discount_code', id: row.id, label: row.code });
/** What the code's JSON counts or derives rather than what staff set. */
const CODE_COUNTS = ['uses', 'state', 'created_at', 'updated_at'];

const codeTaken = (code: string) => new AppError('conflict', `The discount code “${code}” already exists.`, { field: 'code' });

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err?.code ?? err?.cause?.code) === '23505';
}

/** The stored value: basis points for a percentage, cents for a fixed amount. */
const storedValue = (kind: DiscountCode['kind'], value: number) => (kind === 'percent' ? Math.round(value * PERCENT_BASIS) : toCents(value));

/** Checks every category id exists. @throws 400 naming the unknown ones */
async function checkCategories(tx: Tx, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, unique));
  const missing = unique.filter((i) => !found.some((f) => f.id === i));
  if (missing.length) throw badRequest(`Unknown category: ${missing.join(', ')}.`, { field: 'category_ids' });
  return unique;
}

async function setCategories(tx: Tx, codeId: number, ids: number[]) {
  await tx.delete(discountCodeCategories).where(eq(discountCodeCategories.discountCodeId, codeId));
  if (ids.length) await tx.insert(discountCodeCategories).values(ids.map((categoryId) => ({ discountCodeId: codeId, categoryId })));
}

/**
 * POST /api/discount-codes: a new code (stored upper-case; unique regardless of case).
 * @returns DiscountCodeJson (201 at the door)
 * @throws 401/403 not an administrator; 400 invalid or an unknown category; 409 the code exists
 */
export async function createDiscountCode(actor: SessionUser, input: DiscountCodeCreateInput): Promise<DiscountCodeJson> {
  authorize(actor, 'discounts.write');
  try {
    return await db.transaction(async (tx) => {
      const [other] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(sql`lower(${discountCodes.code}) = lower(${input.code})`);
      if (other) throw codeTaken(input.code);
      const cats = await checkCategories(tx, input.category_ids ?? []);
      const [row] = await tx
        .insert(discountCodes)
        .values({
          code: input.code,
          kind: input.kind,
          value: storedValue(input.kind, input.value),
          minSpendCents: toCents(input.min_spend ?? 0),
          startsAt: input.starts_at ? new Date(input.starts_at) : null,
          endsAt: input.ends_at ? new Date(input.ends_at) : null,
          maxUses: input.max_uses ?? null,
          maxUsesPerCustomer: input.max_uses_per_customer ?? null,
          active: input.active ?? true,
        })
        .returning();
      await setCategories(tx, row.id, cats);
      const [json] = await withUsesAndCategories(tx, [row]);
      await recordAudit(tx, actor, { action: 'discount_code.create', target: codeTarget(row), after: json, omit: CODE_COUNTS });
      return json;
    });
  } catch (e) {
    throw isUniqueViolation(e) ? codeTaken(input.code) : e;
  }
}

/**
 * PATCH /api/discount-codes/{id}: changes any field; `{active: false}` switches the code off (it
 * stays on the orders that carry it; new orders are refused). Orders already placed keep their
 * discount. `category_ids: []` lifts a category limit.
 * @returns DiscountCodeJson
 * @throws 401/403 not an administrator; 404 unknown code; 400 invalid (with the stored fields: a
 *   percentage over 100, an end before the start), or an unknown category; 409 the new code exists
 */
export async function updateDiscountCode(actor: SessionUser, codeId: number, input: DiscountCodeUpdateInput): Promise<DiscountCodeJson> {
  authorize(actor, 'discounts.write');
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, codeId)).for('update');
      if (!row) throw notFound('Discount code not found.');
      const [before] = await withUsesAndCategories(tx, [row]);
      if (input.code !== undefined) {
        const [other] = await tx
          .select({ id: discountCodes.id })
          .from(discountCodes)
          .where(and(sql`lower(${discountCodes.code}) = lower(${input.code})`, ne(discountCodes.id, codeId)));
        if (other) throw codeTaken(input.code);
      }
      const kind = input.kind ?? row.kind;
      const value = input.value !== undefined ? input.value : row.kind === kind ? valueJson(row) : undefined;
      if (value === undefined) throw badRequest('Give the value too when changing the kind of a code.', { field: 'value' });
      if (kind === 'percent' && value > 100) throw badRequest('A percentage is at most 100.', { field: 'value' });
      const startsAt = input.starts_at !== undefined ? (input.starts_at ? new Date(input.starts_at) : null) : row.startsAt;
      const endsAt = input.ends_at !== undefined ? (input.ends_at ? new Date(input.ends_at) : null) : row.endsAt;
      if (startsAt && endsAt && endsAt <= startsAt) throw badRequest('The end must be after the start.', { field: 'ends_at' });
      await tx
        .update(discountCodes)
        .set({
          code: input.code ?? row.code,
          kind,
          value: storedValue(kind, value),
          minSpendCents: input.min_spend !== undefined ? toCents(input.min_spend) : row.minSpendCents,
          startsAt,
          endsAt,
          maxUses: input.max_uses !== undefined ? input.max_uses : row.maxUses,
          maxUsesPerCustomer: input.max_uses_per_customer !== undefined ? input.max_uses_per_customer : row.maxUsesPerCustomer,
          active: input.active ?? row.active,
          updatedAt: new Date(),
        })
        .where(eq(discountCodes.id, codeId));
      if (input.category_ids !== undefined) await setCategories(tx, codeId, await checkCategories(tx, input.category_ids));
      const [updated] = await tx.select().from(discountCodes).where(eq(discountCodes.id, codeId));
      const [json] = await withUsesAndCategories(tx, [updated]);
      await recordAudit(tx, actor, { action: 'discount_code.update', target: codeTarget(updated), before, after: json, omit: CODE_COUNTS });
      return json;
    });
  } catch (e) {
    throw isUniqueViolation(e) && input.code ? codeTaken(input.code) : e;
  }
}

/**
 * DELETE /api/discount-codes/{id}: removes a code that no order ever carried (a mistyped or unused
 * code). A code on any order — cancelled ones included, whose documents still name it — is kept
 * for the record and refused with 409; switching it off stops new uses instead. The row is locked
 * first, so an order placed at the same moment either counts here or is refused the code.
 * @throws 401/403 not an administrator; 404 unknown code; 409 the code is on orders
 */
export async function deleteDiscountCode(actor: SessionUser, codeId: number): Promise<void> {
  authorize(actor, 'discounts.write');
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, codeId)).for('update');
    if (!row) throw notFound('Discount code not found.');
    const [{ n }] = await tx.select({ n: count() }).from(orders).where(eq(orders.discountCodeId, codeId));
    if (n > 0) throw conflict(`${row.code} has been used on ${n === 1 ? '1 order' : `${n} orders`}, so it cannot be deleted. Switch it off instead to stop new uses.`);
    const [before] = await withUsesAndCategories(tx, [row]);
    await tx.delete(discountCodes).where(eq(discountCodes.id, codeId));
    await recordAudit(tx, actor, { action: 'discount_code.delete', target: codeTarget(row), before, omit: CODE_COUNTS });
  });
}

/** Rooms and their subcategories for the create form's category choice: `[{ id, name, parentId }]`, rooms first by sort order. */
export async function listCategoryChoices(actor: SessionUser) {
  authorize(actor, 'discounts.write');
  return db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .orderBy(sql`coalesce(${categories.parentId}, ${categories.id})`, sql`${categories.parentId} is not null`, asc(categories.sortOrder), asc(categories.name));
}
