'use client';
/**
 * Profile → Basic Information (spec §2 Profile, §5 Profile, §8 Profile): username and email
 * required; first name, last name and phone optional. Saves through PUT /api/users/profile.
 */
import { useRouter } from 'next/navigation';
import { FormMessage, SubmitButton, TextField } from '@/components/auth/field';
import { useMessageForm } from '@/components/auth/use-message-form';
import { ApiError, api, failureText } from '@/lib/api/client';
import type { ProfileJson } from '@/lib/accounts/mappers';
import { profileUpdateSchema } from '@/lib/accounts/schemas';

const toValues = (p: ProfileJson) => ({
  user_name: p.user_name,
  email: p.email,
  first_name: p.first_name ?? '',
  last_name: p.last_name ?? '',
  phone_number: p.phone_number ?? '',
});

export function BasicInfoForm({ profile }: { profile: ProfileJson }) {
  const router = useRouter();
  const { register, reset, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(profileUpdateSchema, toValues(profile));

  const save = onSubmit(async (values) => {
    try {
      reset(toValues(await api.accounts.updateProfile(values)));
    } catch (e) {
      const conflict = e instanceof ApiError && e.status === 409;
      return setMessage({ kind: 'error', text: conflict ? 'Username or email already exists' : failureText(e, 'Failed to update profile. Please try again.') });
    }
    setMessage({ kind: 'success', text: 'Profile updated successfully!' });
    router.refresh(); // the header greets the user by the (possibly new) username
  });

  return (
    <form noValidate onSubmit={save} aria-label="Basic information" className="space-y-5">
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
