'use client';
/**
 * The form machinery of User and Administrator Management: react-hook-form checked by the API's own
 * zod schema (lib/accounts/user-admin-schemas.ts), whose submit runs `send` and, if it throws, toasts
 * `failure` with the server's reason. `send` toasts its own success and resets or closes the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { toastFailure } from '@/components/ui/toast-failure';

/**
 * @param schema the API's rules for the body; its output is what `send` receives.
 * @param defaultValues the fields' first values.
 * @param failure the toast shown when `send` throws (e.g. "Failed to add user. Please try again.").
 * @param send the request and what follows it; receives the checked values and the form (to reset it).
 * @returns the form, plus `onSubmit` for the <form>.
 */
export function useAccountForm<In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
  failure: string,
  send: (values: Out, form: UseFormReturn<In, unknown, Out>) => Promise<void>,
) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send(values, form);
    } catch (e) {
      toastFailure(failure, e);
    }
  });
  return { ...form, onSubmit };
}
