'use client';
/**
 * Profile → Basic Information (spec §2 Profile, §5 Profile, §8 Profile): username and email
 * required; first name, last name and phone optional. Saves through PUT /api/users/profile.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { z } from 'zod';
import { FormMessage, SubmitButton, TextField } from '@/components/auth/field';
import type { ProfileJson } from '@/lib/accounts/mappers';
import { profileUpdateSchema } from '@/lib/accounts/schemas';
import { apiRequest, failureText } from './profile-api';

type Input = z.input<typeof profileUpdateSchema>;
type Output = z.output<typeof profileUpdateSchema>;
type Message = { kind: 'success' | 'error'; text: string } | null;

const toValues = (p: ProfileJson): Input => ({
  user_name: p.user_name,
  email: p.email,
  first_name: p.first_name ?? '',
  last_name: p.last_name ?? '',
  phone_number: p.phone_number ?? '',
});

export function BasicInfoForm({ profile }: { profile: ProfileJson }) {
  const router = useRouter();
  const [message, setMessage] = useState<Message>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(profileUpdateSchema), defaultValues: toValues(profile) });

  const onSubmit = async (values: Output) => {
    setMessage(null);
    const result = await apiRequest<ProfileJson>('PUT', '/api/users/profile', values);
    if (result.ok) {
      reset(toValues(result.data));
      setMessage({ kind: 'success', text: 'Profile updated successfully!' });
      router.refresh(); // the header greets the user by the (possibly new) username
      return;
    }
    setMessage({
      kind: 'error',
      text: result.status === 409 ? 'Username or email already exists' : failureText(result, 'Failed to update profile. Please try again.'),
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit, () => setMessage(null))} aria-label="Basic information" className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Username" autoComplete="username" maxLength={32} error={errors.user_name?.message} {...register('user_name')} />
        <TextField label="Email" type="email" autoComplete="email" maxLength={254} error={errors.email?.message} {...register('email')} />
        <TextField label="First name" optional autoComplete="given-name" maxLength={100} error={errors.first_name?.message} {...register('first_name')} />
        <TextField label="Last name" optional autoComplete="family-name" maxLength={100} error={errors.last_name?.message} {...register('last_name')} />
        <TextField label="Phone" optional type="tel" autoComplete="tel" maxLength={40} error={errors.phone_number?.message} {...register('phone_number')} />
      </div>
      <FormMessage message={message} />
      <SubmitButton busy={isSubmitting} busyLabel="Saving…">
        Save changes
      </SubmitButton>
    </form>
  );
}
