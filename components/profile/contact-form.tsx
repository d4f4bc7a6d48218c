'use client';
/** The contact form (spec §5 Contact form): first name, last name, phone and email, all required. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CheckboxField, SubmitButton, TextField } from '@/components/auth/field';
import { contactSchema } from '@/lib/accounts/contact-schema';
import { secondaryButton } from './section';

type Input = z.input<typeof contactSchema>;
export type ContactFormOutput = z.output<typeof contactSchema>;

export function ContactForm({ onSubmit, onCancel, makeDefault }: { onSubmit: (v: ContactFormOutput) => Promise<boolean>; onCancel: () => void; makeDefault: boolean }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, ContactFormOutput>({
    resolver: zodResolver(contactSchema),
    defaultValues: { first_name: '', last_name: '', phone_number: '', email: '', is_default: makeDefault },
  });
  return (
    <form noValidate aria-label="New contact" onSubmit={handleSubmit(onSubmit)} className="space-y-4 rounded-lg border border-line bg-canvas p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" maxLength={100} error={errors.first_name?.message} {...register('first_name')} />
        <TextField label="Last name" autoComplete="family-name" maxLength={100} error={errors.last_name?.message} {...register('last_name')} />
        <TextField label="Phone number" type="tel" autoComplete="tel" maxLength={40} error={errors.phone_number?.message} {...register('phone_number')} />
        <TextField label="Email" type="email" autoComplete="email" maxLength={254} error={errors.email?.message} {...register('email')} />
      </div>
      <CheckboxField label="Use as my default contact" {...register('is_default')} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={isSubmitting} busyLabel="Adding…">
          Add contact
        </SubmitButton>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
