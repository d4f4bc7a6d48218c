/**
 * The Finance Center's two entry forms as configurations of EntryForm: Add Transaction (a manual
 * income or expense; the type is kept for the next entry) and Record Payout (the recipient is
 * kept). `today` is YYYY-MM-DD in the store's time zone, the default date.
 */
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { financeTransactionSchema, payoutSchema } from '@/lib/finance/schemas';
import type { EntryFormProps } from './entry-form';

type Config<S extends z.ZodType<unknown, Record<string, unknown>>> = Omit<EntryFormProps<z.input<S>, z.output<S>>, 'onAdded'>;

export const transactionForm = (today: string): Config<typeof financeTransactionSchema> => ({
  title: 'Add Transaction',
  titleId: 'add-tx-title',
  schema: financeTransactionSchema,
  fields: [
    { name: 'date', label: 'Date', input: 'date' },
    { name: 'description', label: 'Description', input: 'text', placeholder: 'e.g. Showroom rent' },
    { name: 'amount', label: 'Amount', input: 'amount' },
    { name: 'type', label: 'Type', input: [['income', 'Income'], ['expense', 'Expense']] },
  ],
  defaultValues: { date: today, description: '', amount: '', type: 'income' },
  next: ({ type }) => ({ date: today, description: '', amount: '', type }),
  submitLabel: ['Add Transaction', 'Adding…'],
  send: api.finance.addTransaction,
  success: 'Transaction added.',
  failure: 'Failed to add the transaction. Please try again.',
});

export const payoutForm = (today: string): Config<typeof payoutSchema> => ({
  title: 'Record Payout',
  titleId: 'add-payout-title',
  schema: payoutSchema,
  fields: [
    { name: 'date', label: 'Date', input: 'date' },
    { name: 'amount', label: 'Amount', input: 'amount' },
    { name: 'recipient', label: 'Recipient', input: 'text', placeholder: 'e.g. Totara Home Ltd — business account' },
    { name: 'status', label: 'Status', input: [['pending', 'Pending'], ['processed', 'Processed']] },
  ],
  defaultValues: { date: today, amount: '', recipient: '', status: 'pending' },
  next: ({ recipient }) => ({ date: today, amount: '', recipient, status: 'pending' }),
  submitLabel: ['Record Payout', 'Saving…'],
  send: api.finance.addPayout,
  success: 'Payout recorded.',
  failure: 'Failed to record the payout. Please try again.',
});
