'use client';
/**
 * The form that adds or edits one item of a saved list (spec §5 Profile address form, Contact
 * form): its text fields checked by the item's zod schema, a "default" checkbox, Add (or Save) and Cancel.
 */
import type { InputHTMLAttributes } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CheckboxField, SubmitButton, TextField } from '@/components/auth/field';
import { secondaryButton } from './section';

/** One text field: the item's field `name`, its label and the input's attributes. */
export type FieldSpec<I> = Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> & { name: Path<I>; label: string; optional?: boolean };

export type NewItemFormProps<I extends FieldValues, O> = {
  /** The form's accessible name, e.g. "New contact". */
  label: string;
  schema: z.ZodType<O, I>;
  fields: FieldSpec<I>[];
  defaultValues: DefaultValues<I>;
  defaultLabel: string;
  submitLabel: string;
  /** The submit button's text while saving ("Adding…", "Saving…"). */
  busyLabel?: string;
  /** Saves the item; true when saved. */
  onSubmit: (values: O) => Promise<boolean>;
  onCancel: () => void;
};

export function NewItemForm<I extends FieldValues & { is_default?: unknown }, O>({ label, schema, fields, defaultValues, defaultLabel, submitLabel, busyLabel = 'Adding…', onSubmit, onCancel }: NewItemFormProps<I, O>) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<I, unknown, O>({ resolver: zodResolver(schema), defaultValues });
  const errorOf = (name: Path<I>) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  return (
    <form noValidate aria-label={label} onSubmit={handleSubmit(onSubmit)} className="space-y-4 rounded-lg border border-line bg-canvas p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(({ name, ...input }) => (
          <TextField key={name} error={errorOf(name)} {...input} {...register(name)} />
        ))}
      </div>
      <CheckboxField label={defaultLabel} {...register('is_default' as Path<I>)} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={isSubmitting} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
