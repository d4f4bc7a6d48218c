/** Back-office figures: the dashboard and the Finance Center. Money in decimal dollars of the store currency. */
import { z } from 'zod';
import { contracts, count, day, id, money, nullableText } from '@/lib/server/contracts';

/** GET /api/dashboard (spec §3 Dashboard data) plus the currency, time zone and day the figures are in. */
export const dashboardJson = z
  .strictObject({
    summary: z.strictObject({ dailySales: money, dailyOrders: count, totalProducts: count, totalUsers: count }),
    toBeProcessed: z.strictObject({ pendingPayment: count, pendingShipment: count, pendingReceipt: count, pendingResolution: count, refunds: count }),
    salesData: z.array(z.strictObject({ date: day, sales: money })),
    hotProducts: z.array(z.strictObject({ name: z.string(), category: z.string(), sales: count })),
    currency: z.string().length(3),
    timeZone: z.string().min(1),
    today: day,
  })
  .register(contracts, { id: 'Dashboard' });
export type DashboardData = z.infer<typeof dashboardJson>;

export const transactionJson = z
  .strictObject({
    id: z.string().min(1),
    date: day,
    description: z.string(),
    amount: money,
    /** The GST in amount, from the order's tax invoice (payments) or the refund's credit note; null for manual entries. */
    gst: money.nullable(),
    type: z.enum(['income', 'expense']),
    reference: nullableText,
    source: z.enum(['payment', 'refund', 'manual']),
  })
  .register(contracts, { id: 'FinanceTransaction' });
export type TransactionJson = z.infer<typeof transactionJson>;

export const invoiceJson = z
  .strictObject({ /** The tax invoice's number; null until the order is paid. */ number: z.string().regex(/^INV-\d+$/).nullable(), order_id: id, date: day, amount: money, status: z.enum(['paid', 'pending', 'refunded']), customer: nullableText })
  .register(contracts, { id: 'Invoice' });
export type InvoiceJson = z.infer<typeof invoiceJson>;

export const payoutJson = z.strictObject({ id, date: day, amount: money, recipient: z.string().min(1), status: z.enum(['processed', 'pending']) }).register(contracts, { id: 'Payout' });
export type PayoutJson = z.infer<typeof payoutJson>;

/** Totals of a range (every page): net = income − expenses, gst_net = gst_collected − gst_refunded. */
export const financeTotalsJson = z
  .strictObject({ income: money, expenses: money, net: money, gst_collected: money, gst_refunded: money, gst_net: money, payouts: money })
  .register(contracts, { id: 'FinanceTotals' });
export type FinanceTotalsJson = z.infer<typeof financeTotalsJson>;

const paging = { currentPage: z.number().int().min(1), totalPages: z.number().int().min(1), total: count };
export const transactionPageJson = z.strictObject({ transactions: z.array(transactionJson), ...paging, totals: financeTotalsJson });
export const invoicePageJson = z.strictObject({ invoices: z.array(invoiceJson), ...paging });
export const payoutPageJson = z.strictObject({ payouts: z.array(payoutJson), ...paging });
