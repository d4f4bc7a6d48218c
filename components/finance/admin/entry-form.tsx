'use client';
/**
 * A Finance Center entry form (Add Transaction, Record Payout) described by its fields: checked with
 * the API's own schema (lib/finance/schemas.ts) before anything is sent; after a success it toasts,
 * refills the fields with `next(values)` and runs `onAdded` (the list goes back to page 1).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { AdminButton } from '@/components/ui/button';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { toastFailure } from '@/components/ui/toast-failure';

export type EntryField<In> = {
  name: Path<In>;
  label: string;
  /** A date picker, a text box, a money amount (> 0, cents), or a select of [value, label] pairs. */
  input: 'date' | 'text' | 'amount' | readonly (readonly [string, string])[];
  placeholder?: string;
};

export type EntryFormProps<In extends FieldValues, Out> = {
  title: string;
  titleId: string;
  schema: z.ZodType<Out, In>;
  // In and Out are inferred from the schema alone (NoInfer), not from the partial values below.
  fields: EntryField<NoInfer<In>>[];
  defaultValues: NoInfer<DefaultValues<In>>;
  /** The fields' values after a success (what to keep for the next entry). */
  next: (values: NoInfer<Out>) => NoInfer<DefaultValues<In>>;
  /** The submit button's text, idle and while sending. */
  submitLabel: readonly [string, string];
  send: (values: Out) => Promise<unknown>;
  success: string;
  failure: string;
  onAdded: () => Promise<void>;
};

export function EntryForm<In extends FieldValues, Out>({ title, titleId, schema, fields, defaultValues, next, submitLabel, send, success, failure, onAdded }: EntryFormProps<In, Out>) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues });

  async function add(values: Out) {
    try {
      await send(values);
      toast.success(success);
      reset(next(values));
      await onAdded();
    } catch (e) {
      toastFailure(failure, e);
    }
  }

  return (
    <form onSubmit={handleSubmit(add)} noValidate aria-labelledby={titleId} className="space-y-3 self-start rounded-card border border-line bg-surface p-4">
      <h2 id={titleId} className="font-display text-lg text-ink">
        {title}
      </h2>
      {fields.map(({ name, label, input, placeholder }) => (
        <AdminField key={name} label={label} error={(errors[name] as { message?: string } | undefined)?.message}>
          {typeof input !== 'string' ? (
            <select className={adminInputClass} {...register(name)}>
              {input.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          ) : input === 'amount' ? (
            <input type="number" min={0.01} step={0.01} inputMode="decimal" className={adminInputClass} {...register(name)} />
          ) : (
            <input type={input === 'date' ? 'date' : undefined} className={adminInputClass} placeholder={placeholder} {...register(name)} />
          )}
        </AdminField>
      ))}
      <AdminButton type="submit" variant="primary" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? submitLabel[1] : submitLabel[0]}
      </AdminButton>
    </form>
  );
}
