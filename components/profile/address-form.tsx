'use client';
/**
 * The profile address form (spec §5 Profile address form): first name, last name, street, city
 * and country required; state, postal code and phone optional; a default checkbox.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CheckboxField, SubmitButton, TextField } from '@/components/auth/field';
import { profileAddressSchema } from '@/lib/accounts/address-schema';
import { secondaryButton } from './section';

type Input = z.input<typeof profileAddressSchema>;
export type AddressFormOutput = z.output<typeof profileAddressSchema>;

export function AddressForm({ onSubmit, onCancel, makeDefault }: { onSubmit: (v: AddressFormOutput) => Promise<boolean>; onCancel: () => void; makeDefault: boolean }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, AddressFormOutput>({
    resolver: zodResolver(profileAddressSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      street_address: '',
      city: '',
      state_province: '',
      postal_code: '',
      country: 'New Zealand',
      phone_number: '',
      is_default: makeDefault,
    },
  });
  return (
    <form noValidate aria-label="New delivery address" onSubmit={handleSubmit(onSubmit)} className="space-y-4 rounded-lg border border-line bg-canvas p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" maxLength={100} error={errors.first_name?.message} {...register('first_name')} />
        <TextField label="Last name" autoComplete="family-name" maxLength={100} error={errors.last_name?.message} {...register('last_name')} />
        <TextField label="Street address" className="sm:col-span-2" autoComplete="street-address" maxLength={200} error={errors.street_address?.message} {...register('street_address')} />
        <TextField label="City" autoComplete="address-level2" maxLength={100} error={errors.city?.message} {...register('city')} />
        <TextField label="State / region" optional autoComplete="address-level1" maxLength={100} error={errors.state_province?.message} {...register('state_province')} />
        <TextField label="Postal code" optional autoComplete="postal-code" maxLength={20} error={errors.postal_code?.message} {...register('postal_code')} />
        <TextField label="Country" autoComplete="country-name" maxLength={100} error={errors.country?.message} {...register('country')} />
        <TextField label="Phone" optional type="tel" autoComplete="tel" maxLength={40} error={errors.phone_number?.message} {...register('phone_number')} />
      </div>
      <CheckboxField label="Use as my default delivery address" {...register('is_default')} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={isSubmitting} busyLabel="Adding…">
          Add address
        </SubmitButton>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
