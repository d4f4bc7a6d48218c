'use client';
/**
 * A react-hook-form form checked by a zod schema, with the one message line under it (FormMessage
 * in ./field): the line clears whenever the form is submitted again, valid or not. Shared by the
 * login, sign-up and profile forms.
 */
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { FormMessageValue } from './field';

/**
 * `schema` checks the values (I: what the inputs hold, O: what it makes of them); `initialMessage`
 * is shown until the first submit. Returns `register`, `reset`, the field `errors`, `isSubmitting`,
 * `message`, `setMessage` and `onSubmit(submit)`, the form's submit handler: clears the message,
 * then awaits `submit` with the checked values.
 */
export function useMessageForm<I extends FieldValues, O>(schema: z.ZodType<O, I>, defaultValues: DefaultValues<I>, initialMessage: FormMessageValue = null) {
  const [message, setMessage] = useState<FormMessageValue>(initialMessage);
  const { register, reset, handleSubmit, formState } = useForm<I, unknown, O>({ resolver: zodResolver(schema), defaultValues });
  const onSubmit = (submit: (values: O) => Promise<unknown>) =>
    handleSubmit(
      async (values) => {
        setMessage(null);
        await submit(values);
      },
      () => setMessage(null),
    );
  return { register, reset, errors: formState.errors, isSubmitting: formState.isSubmitting, message, setMessage, onSubmit };
}
