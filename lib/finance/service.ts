/**
 * Finance Center from real data (spec §2 Finance Center, docs/architecture.md "Finance Center": goes beyond
 * the spec's sample data).
 *
 *   - Transactions: every captured payment is income (dated when it was taken), every refund that
 *     succeeded is an expense (its amount, dated when it settled), plus the manual entries of
 *     finance_transactions.
 *   - Invoices: one row per order that is not an unpaid cancellation; a paid order shows the number
 *     of its tax invoice (INV-000042, lib/finance/tax-documents.ts), an unpaid one none yet; paid
 *     when the order is paid (or partly refunded: its credit notes say how much), refunded when
 *     refunded in full, pending otherwise.
 *   - Payouts: recorded by hand (date, amount, recipient, processed or pending).
 *   - Report: a CSV of transactions and payouts between two calendar days (inclusive).
 *
 * Dates in and out are calendar days (YYYY-MM-DD) in the store's time zone; amounts are decimal
 * dollars of the store currency, always positive (the type says the direction).
 *
 * Every operation takes the signed-in user first and refuses anyone but an administrator before
 * reading or writing (authorize, lib/auth/permissions.ts): 401 without one, 403 for a customer.
 */
import 'server-only';
import { stringify } from 'csv-stringify/sync';
import { sql, type SQL } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { financeTransactions, payouts } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import type { FinanceTotalsJson, InvoiceJson, PayoutJson, TransactionJson } from '@/lib/finance/contracts';
import { toCents, toDecimal } from '@/lib/money';
import { getShopSettings } from '@/lib/settings/queries';
import { documentNumber } from './tax-document-view';
import type { FinanceTransactionInput, PayoutInput, ReportRange } from '@/lib/finance/schemas';

export type { InvoiceJson, PayoutJson, TransactionJson };
export type Paged<K extends string, T> = { [key in K]: T[] } & { currentPage: number; totalPages: number; total: number };

export const FINANCE_PAGE_SIZE = 20;


type Range = { from?: string; to?: string };

async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/** `<instant> AT TIME ZONE tz` as a local date, between the optional from/to days. */
function dayFilter(instant: SQL, tz: string, range: Range): SQL {
  const day = sql`(${instant} AT TIME ZONE ${tz}::text)::date`;
  const parts: SQL[] = [sql`TRUE`];
  if (range.from) parts.push(sql`${day} >= ${range.from}::date`);
  if (range.to) parts.push(sql`${day} <= ${range.to}::date`);
  return sql.join(parts, sql` AND `);
}

/**
 * The union of payments, refunds and manual entries as one SQL source (columns id, at, type,
 * description, cents, gst_cents, reference, source). GST is the stored figure of the tax documents
 * (docs/gst-and-invoices.md), never recomputed from today's rate: a payment carries its order's
 * tax invoice GST (its share, when an order took more than one payment), a refund its credit
 * note's GST; manual entries and payments of orders without an invoice have none (NULL).
 */
function transactionSource(tz: string, range: Range): SQL {
  return sql`
    SELECT 'payment-' || p.id AS id, p.created_at AS at, 'income' AS type,
           'Payment for order #' || p.order_id || ' (' || p.provider || ')' AS description,
           p.amount AS cents,
           (SELECT round(td.gst::numeric * p.amount / nullif(td.total, 0))::int FROM tax_documents td WHERE td.order_id = p.order_id AND td.kind = 'invoice') AS gst_cents,
           'Order #' || p.order_id AS reference, 'payment' AS source
      FROM payments p
     WHERE p.status IN ('succeeded', 'refunded') AND ${dayFilter(sql`p.created_at`, tz, range)}
    UNION ALL
    SELECT 'refund-' || r.id, r.settled_at, 'expense',
           'Refund for order #' || r.order_id || ' (' || r.gateway || ')',
           r.amount, (SELECT td.gst FROM tax_documents td WHERE td.refund_id = r.id AND td.kind = 'credit_note'),
           'Order #' || r.order_id, 'refund'
      FROM refunds r
     WHERE r.status = 'succeeded' AND ${dayFilter(sql`r.settled_at`, tz, range)}
    UNION ALL
    SELECT 'manual-' || t.id, t.date, t.type, t.description, t.amount, NULL::int, NULL, 'manual'
      FROM finance_transactions t
     WHERE ${dayFilter(sql`t.date`, tz, range)}`;
}

type TxRow = { id: string; day: string; at: string; type: 'income' | 'expense'; description: string; cents: number; gst_cents: number | null; reference: string | null; source: TransactionJson['source'] };

const toTransactionJson = (r: TxRow): TransactionJson => ({
  id: r.id,
  date: r.day,
  description: r.description,
  amount: toDecimal(Number(r.cents)),
  gst: r.gst_cents === null ? null : toDecimal(Number(r.gst_cents)),
  type: r.type,
  reference: r.reference,
  source: r.source,
});

function paging(total: number, page = 1, limit = FINANCE_PAGE_SIZE) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const currentPage = Math.min(Math.max(1, page), totalPages);
  return { currentPage, totalPages, offset: (currentPage - 1) * limit, limit };
}

/** Cents summed over a range: income, expenses and their GST (transactions), and payouts. */
type TotalsCents = { income: number; expenses: number; gst_collected: number; gst_refunded: number; payouts: number };

/** A range's totals and how many transactions it holds (one pass over the union). */
type RangeSummary = TotalsCents & { n: number };

async function rangeSummary(tz: string, range: Range): Promise<RangeSummary> {
  const [t] = await rows<Record<keyof RangeSummary, number | string>>(
    db,
    sql`SELECT count(*)::int AS n,
               coalesce(sum(s.cents) FILTER (WHERE s.type = 'income'), 0)::bigint AS income,
               coalesce(sum(s.cents) FILTER (WHERE s.type = 'expense'), 0)::bigint AS expenses,
               coalesce(sum(s.gst_cents) FILTER (WHERE s.type = 'income'), 0)::bigint AS gst_collected,
               coalesce(sum(s.gst_cents) FILTER (WHERE s.type = 'expense'), 0)::bigint AS gst_refunded,
               (SELECT coalesce(sum(p.amount), 0)::bigint FROM payouts p WHERE ${dayFilter(sql`p.date`, tz, range)}) AS payouts
          FROM (${transactionSource(tz, range)}) s`,
  );
  return { n: Number(t.n), income: Number(t.income), expenses: Number(t.expenses), gst_collected: Number(t.gst_collected), gst_refunded: Number(t.gst_refunded), payouts: Number(t.payouts) };
}

/** The totals of a range in dollars: net = income − expenses; GST net = collected − refunded. */
function toTotalsJson(c: TotalsCents): FinanceTotalsJson {
  return {
    income: toDecimal(c.income),
    expenses: toDecimal(c.expenses),
    net: toDecimal(c.income - c.expenses),
    gst_collected: toDecimal(c.gst_collected),
    gst_refunded: toDecimal(c.gst_refunded),
    gst_net: toDecimal(c.gst_collected - c.gst_refunded),
    payouts: toDecimal(c.payouts),
  };
}

/**
 * GET /api/finance/transactions — newest first, FINANCE_PAGE_SIZE a page, optionally between two
 * days; with `totals` of the whole range (every page): income, expenses, net, GST collected and
 * refunded (from the tax documents), payouts — decimal dollars.
 */
export async function listTransactions(actor: SessionUser, opts: Range & { page?: number; limit?: number } = {}): Promise<Paged<'transactions', TransactionJson> & { totals: FinanceTotalsJson }> {
  authorize(actor, 'finance.read');
  const { timeZone: tz } = await getShopSettings();
  const source = transactionSource(tz, opts);
  const summary = await rangeSummary(tz, opts);
  const p = paging(summary.n, opts.page, opts.limit);
  const list = await rows<TxRow>(
    db,
    sql`SELECT s.*, to_char(s.at AT TIME ZONE ${tz}::text, 'YYYY-MM-DD') AS day FROM (${source}) s
        ORDER BY s.at DESC, s.id DESC LIMIT ${p.limit} OFFSET ${p.offset}`,
  );
  return { transactions: list.map(toTransactionJson), currentPage: p.currentPage, totalPages: p.totalPages, total: summary.n, totals: toTotalsJson(summary) };
}

/** The instant a calendar day begins in the store's zone (for storing a manual entry's date). */
const startOfDay = (day: string, tz: string) => sql`(${day}::date::timestamp AT TIME ZONE ${tz}::text)`;

/** POST /api/finance/transactions — a manual income or expense entry. @returns the entry JSON. */
export async function addTransaction(actor: SessionUser, input: FinanceTransactionInput): Promise<TransactionJson> {
  authorize(actor, 'finance.write');
  const { timeZone: tz } = await getShopSettings();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(financeTransactions)
      .values({ date: startOfDay(input.date, tz), description: input.description, amount: toCents(input.amount), type: input.type, createdBy: actor.id })
      .returning();
    await recordAudit(tx, actor, { action: 'finance_transaction.create', target: { type: 'finance_transaction', id: created.id, label: created.description }, after: { ...input } });
    return created;
  });
  return { id: `manual-${row.id}`, date: input.date, description: row.description, amount: toDecimal(row.amount), gst: null, type: row.type, reference: null, source: 'manual' };
}

/** GET /api/finance/invoices — one per order (unpaid cancellations have none), newest first. */
export async function listInvoices(actor: SessionUser, opts: { page?: number; limit?: number } = {}): Promise<Paged<'invoices', InvoiceJson>> {
  authorize(actor, 'finance.read');
  const { timeZone: tz } = await getShopSettings();
  const where = sql`NOT (o.status = 'cancelled' AND o.payment_status = 'unpaid')`;
  const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders o WHERE ${where}`);
  const p = paging(Number(n), opts.page, opts.limit);
  const list = await rows<{ id: number; day: string; cents: number; payment_status: string; user_name: string | null; invoice: number | null }>(
    db,
    sql`SELECT o.id, to_char(o.created_at AT TIME ZONE ${tz}::text, 'YYYY-MM-DD') AS day, o.total_amount AS cents, o.payment_status, u.user_name, td.number AS invoice
          FROM orders o LEFT JOIN users u ON u.id = o.user_id
          LEFT JOIN tax_documents td ON td.order_id = o.id AND td.kind = 'invoice'
         WHERE ${where}
         ORDER BY o.created_at DESC, o.id DESC LIMIT ${p.limit} OFFSET ${p.offset}`,
  );
  return {
    invoices: list.map((r) => ({
      number: r.invoice === null ? null : documentNumber('invoice', Number(r.invoice)),
      order_id: Number(r.id),
      date: r.day,
      amount: toDecimal(Number(r.cents)),
      status: r.payment_status === 'paid' || r.payment_status === 'partially_refunded' ? 'paid' : r.payment_status === 'refunded' ? 'refunded' : 'pending',
      customer: r.user_name,
    })),
    currentPage: p.currentPage,
    totalPages: p.totalPages,
    total: Number(n),
  };
}

/** GET /api/finance/payouts — newest first. */
export async function listPayouts(actor: SessionUser, opts: { page?: number; limit?: number } = {}): Promise<Paged<'payouts', PayoutJson>> {
  authorize(actor, 'finance.read');
  const { timeZone: tz } = await getShopSettings();
  const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM payouts`);
  const p = paging(Number(n), opts.page, opts.limit);
  const list = await rows<{ id: number; day: string; cents: number; recipient: string; status: PayoutJson['status'] }>(
    db,
    sql`SELECT id, to_char(date AT TIME ZONE ${tz}::text, 'YYYY-MM-DD') AS day, amount AS cents, recipient, status
          FROM payouts ORDER BY date DESC, id DESC LIMIT ${p.limit} OFFSET ${p.offset}`,
  );
  return {
    payouts: list.map((r) => ({ id: Number(r.id), date: r.day, amount: toDecimal(Number(r.cents)), recipient: r.recipient, status: r.status })),
    currentPage: p.currentPage,
    totalPages: p.totalPages,
    total: Number(n),
  };
}

/** POST /api/finance/payouts — records a payout. @returns the payout JSON. */
export async function addPayout(actor: SessionUser, input: PayoutInput): Promise<PayoutJson> {
  authorize(actor, 'finance.write');
  const { timeZone: tz } = await getShopSettings();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(payouts)
      .values({ date: startOfDay(input.date, tz), amount: toCents(input.amount), recipient: input.recipient, status: input.status })
      .returning();
    await recordAudit(tx, actor, { action: 'payout.create', target: { type: 'payout', id: created.id, label: created.recipient }, after: { ...input } });
    return created;
  });
  return { id: row.id, date: input.date, amount: toDecimal(row.amount), recipient: row.recipient, status: row.status };
}

export const REPORT_COLUMNS = ['date', 'type', 'description', 'reference', 'amount', 'gst'] as const;

/**
 * GET /api/finance/report?from&to — CSV (header date,type,description,reference,amount,gst) of every
 * transaction and payout whose day lies in [from, to], oldest first; amounts with 2 decimals, `gst`
 * the GST in the amount from the tax invoice or credit note (empty for manual entries and
 * payouts). Then the totals rows (type `total`, date empty): income, expenses, net
 * (income − expenses, GST collected − refunded) and payouts — the figures the Finance Center shows.
 * @returns { filename, csv }.
 */
export async function financialReport(actor: SessionUser, range: ReportRange): Promise<{ filename: string; csv: string }> {
  authorize(actor, 'finance.read');
  const { timeZone: tz, currency } = await getShopSettings();
  const list = await rows<{ day: string; type: string; description: string; reference: string | null; cents: number; gst_cents: number | null }>(
    db,
    sql`SELECT to_char(s.at AT TIME ZONE ${tz}::text, 'YYYY-MM-DD') AS day, s.type, s.description, s.reference, s.cents, s.gst_cents, s.at, s.id
          FROM (${transactionSource(tz, range)}
                UNION ALL
                SELECT 'payout-' || p.id, p.date, 'payout', 'Payout to ' || p.recipient || ' (' || p.status || ')', p.amount, NULL::int, NULL, 'payout'
                  FROM payouts p WHERE ${dayFilter(sql`p.date`, tz, range)}) s
         ORDER BY s.at ASC, s.id ASC`,
  );
  const d = (cents: number) => (cents / 100).toFixed(2);
  const t = await rangeSummary(tz, range);
  const totalsRows = [
    ['', 'total', 'Total income', '', d(t.income), d(t.gst_collected)],
    ['', 'total', 'Total expenses', '', d(t.expenses), d(t.gst_refunded)],
    ['', 'total', 'Net (income less expenses)', '', d(t.income - t.expenses), d(t.gst_collected - t.gst_refunded)],
    ['', 'total', 'Total payouts', '', d(t.payouts), ''],
  ];
  const csv = stringify(
    [...list.map((r) => [r.day, r.type, r.description, r.reference ?? '', d(Number(r.cents)), r.gst_cents === null ? '' : d(Number(r.gst_cents))]), ...totalsRows],
    { header: true, columns: [...REPORT_COLUMNS] },
  );
  return { filename: `finance-report-${range.from}-to-${range.to}-${currency}.csv`, csv };
}
