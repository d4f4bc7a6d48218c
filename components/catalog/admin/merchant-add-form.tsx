'use client';
/**
 * A Merchant Management tab's add form (Name, and Description or Contact Info), checked with the
 * API's own schema (brandSchema / supplierSchema) as it is. A refusal (e.g. the name is taken,
 * 409) shows under Name.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { AdminButton } from '@/components/ui/button';
import { adminInputClass } from '@/components/admin/field';
import { errorMessage } from '@/lib/api/client';
import { capital, type MerchantKind } from './merchant-kinds';

type FormValues = { name: string; description?: string; contact_info?: string };

/** A field's error under it, announced as it appears. */
export function FieldAlert({ message }: { message?: string | null }) {
  return message ? <p role="alert" className="mt-1 text-xs text-danger">{message}</p> : null;
}

function LabelledInput({ id, label, error, ...input }: React.ComponentProps<'input'> & { id: string; label: string; error?: string }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">
        {label}
      </label>
      <input id={id} className={adminInputClass} aria-invalid={Boolean(error)} {...input} />
      <FieldAlert message={error} />
    </div>
  );
}

/** `onAdded` reads the list again (it does not throw). */
export function MerchantAddForm<T>({ kind, onAdded }: { kind: MerchantKind<T>; onAdded: () => Promise<void> }) {
  const form = useForm<FormValues>({
    defaultValues: { name: '', description: '', contact_info: '' },
    // Both schemas have the shape of FormValues (a name and an optional detail).
    resolver: zodResolver(kind.schema) as unknown as Resolver<FormValues>,
  });
  const { errors, isSubmitting } = form.formState;

  async function add(values: FormValues) {
    try {
      await kind.create(values.name, values[kind.detailKey] ?? '');
      toast.success(`${capital(kind.singular)} “${values.name.trim()}” added.`);
      form.reset();
      await onAdded();
    } catch (e) {
      form.setError('name', { type: 'server', message: errorMessage(e, `Failed to add the ${kind.singular}. Please try again.`) });
    }
  }

  return (
    <form
      onSubmit={form.handleSubmit(add)}
      noValidate
      aria-label={`Add a ${kind.singular}`}
      className="grid gap-3 rounded-card border border-line bg-surface p-4 md:grid-cols-[1fr_2fr_auto] md:items-start"
    >
      <LabelledInput id={`${kind.singular}-name`} label="Name" error={errors.name?.message} {...form.register('name')} />
      <LabelledInput id={`${kind.singular}-detail`} label={kind.detailLabel} error={errors[kind.detailKey]?.message} {...form.register(kind.detailKey)} />
      <AdminButton type="submit" variant="primary" className="md:mt-5" disabled={isSubmitting}>
        {isSubmitting ? 'Adding…' : `Add ${capital(kind.singular)}`}
      </AdminButton>
    </form>
  );
}
