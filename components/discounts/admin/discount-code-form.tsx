'use client';
/**
 * The back office's "New discount code" form, and the same form editing a code: react-hook-form
 * with discountCodeFormSchema (lib/discounts/schemas.ts); toDiscountCodeBody() turns the inputs
 * into the POST /api/discount-codes body, or the PATCH /api/discount-codes/{id} body when editing
 * (dates and times are read in the browser's time zone). A refusal shows under the field it names
 * (e.g. a taken code, 409), else under Code.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { AdminButton } from '@/components/ui/button';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { ApiError, api, errorMessage } from '@/lib/api/client';
import type { DiscountCodeJson } from '@/lib/discounts/contracts';
import { discountCodeFormSchema, fromDiscountCodeJson, toDiscountCodeBody, type DiscountCodeFormInput, type DiscountCodeFormOutput } from '@/lib/discounts/schemas';

/** A category to limit a code to; rooms have no parent. */
export type CategoryChoice = { id: number; name: string; parentId: number | null };

const EMPTY: DiscountCodeFormInput = { code: '', kind: 'percent', value: '', min_spend: '', starts_at: '', ends_at: '', max_uses: '', max_uses_per_customer: '', category_ids: [] };
const FIELDS = ['code', 'kind', 'value', 'min_spend', 'starts_at', 'ends_at', 'max_uses', 'max_uses_per_customer', 'category_ids'] as const;

/**
 * @param editing the code to edit (its fields filled in; Save changes and Cancel), or left out for
 *   a new code.
 * @param onSaved after a code is created or saved (the caller reads the list again).
 * @param onCancel leaves the edit (editing only).
 */
export function DiscountCodeForm({ categories, editing, onSaved, onCancel }: { categories: CategoryChoice[]; editing?: DiscountCodeJson; onSaved: () => void; onCancel?: () => void }) {
  const form = useForm<DiscountCodeFormInput, unknown, DiscountCodeFormOutput>({
    defaultValues: editing ? fromDiscountCodeJson(editing) : EMPTY,
    resolver: zodResolver(discountCodeFormSchema) as unknown as Resolver<DiscountCodeFormInput, unknown, DiscountCodeFormOutput>,
  });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const rooms = categories.filter((c) => c.parentId === null);

  async function save(values: DiscountCodeFormOutput) {
    try {
      if (editing) {
        const saved = await api.discounts.update(editing.discount_code_id, toDiscountCodeBody(values));
        toast.success(`Discount code ${saved.code} saved.`);
      } else {
        const created = await api.discounts.create(toDiscountCodeBody(values));
        toast.success(`Discount code ${created.code} created.`);
        form.reset(EMPTY);
      }
      onSaved();
    } catch (e) {
      const field = e instanceof ApiError ? (e.body as { field?: string } | undefined)?.field : undefined;
      const target = FIELDS.find((f) => f === field) ?? 'code';
      form.setError(target, { type: 'server', message: errorMessage(e, editing ? 'Failed to save the discount code. Please try again.' : 'Failed to create the discount code. Please try again.') });
    }
  }

  const headingId = editing ? 'edit-code-heading' : 'new-code-heading';
  return (
    <form onSubmit={form.handleSubmit(save)} noValidate aria-labelledby={headingId} className="rounded-card border border-line bg-surface p-4">
      <h2 id={headingId} className="font-display text-lg text-ink">
        {editing ? `Edit discount code ${editing.code}` : 'New discount code'}
      </h2>
      {editing && editing.uses > 0 ? (
        <p className="mt-1 text-sm text-muted">Orders already placed with this code keep the discount they were given; the changes apply to new orders.</p>
      ) : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <AdminField label="Code" error={errors.code?.message}>
          <input className={`${adminInputClass} font-mono uppercase`} autoComplete="off" spellCheck={false} aria-invalid={Boolean(errors.code)} {...form.register('code')} />
        </AdminField>
        <AdminField label="Kind" error={errors.kind?.message}>
          <select className={adminInputClass} {...form.register('kind')}>
            <option value="percent">Percentage off</option>
            <option value="fixed">Amount off</option>
          </select>
        </AdminField>
        <AdminField label={kind === 'percent' ? 'Percentage (%)' : 'Amount ($)'} error={errors.value?.message}>
          <input className={adminInputClass} inputMode="decimal" aria-invalid={Boolean(errors.value)} {...form.register('value')} />
        </AdminField>
        <AdminField label="Minimum spend ($, optional)" error={errors.min_spend?.message}>
          <input className={adminInputClass} inputMode="decimal" aria-invalid={Boolean(errors.min_spend)} {...form.register('min_spend')} />
        </AdminField>
        <AdminField label="Starts (optional)" error={errors.starts_at?.message}>
          <input type="datetime-local" className={adminInputClass} {...form.register('starts_at')} />
        </AdminField>
        <AdminField label="Ends (optional)" error={errors.ends_at?.message}>
          <input type="datetime-local" className={adminInputClass} aria-invalid={Boolean(errors.ends_at)} {...form.register('ends_at')} />
        </AdminField>
        <AdminField label="Total uses (empty: no limit)" error={errors.max_uses?.message}>
          <input className={adminInputClass} inputMode="numeric" aria-invalid={Boolean(errors.max_uses)} {...form.register('max_uses')} />
        </AdminField>
        <AdminField label="Uses per customer (empty: no limit)" error={errors.max_uses_per_customer?.message}>
          <input className={adminInputClass} inputMode="numeric" aria-invalid={Boolean(errors.max_uses_per_customer)} {...form.register('max_uses_per_customer')} />
        </AdminField>
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-ink">
          Only for these categories <span className="font-normal text-muted">(none ticked: every product; a room includes its subcategories)</span>
        </legend>
        <div className="mt-2 grid max-h-64 gap-x-6 gap-y-3 overflow-y-auto rounded-lg border border-line p-3 sm:grid-cols-2 lg:grid-cols-4">
          {rooms.map((room) => (
            <div key={room.id} className="space-y-1">
              {[room, ...categories.filter((c) => c.parentId === room.id)].map((c) => (
                <label key={c.id} className={`flex items-center gap-2 text-sm ${c.parentId === null ? 'font-medium text-ink' : 'pl-5 text-muted'}`}>
                  <input type="checkbox" value={String(c.id)} className="size-4 shrink-0 accent-brand" {...form.register('category_ids')} />
                  {c.name}
                </label>
              ))}
            </div>
          ))}
        </div>
        {errors.category_ids?.message ? <p className="mt-1 text-xs text-danger">{errors.category_ids.message}</p> : null}
      </fieldset>
      <div className="mt-4 flex justify-end gap-2">
        {editing ? (
          <AdminButton disabled={isSubmitting} onClick={onCancel}>
            Cancel
          </AdminButton>
        ) : null}
        <AdminButton type="submit" variant="primary" disabled={isSubmitting}>
          {editing ? (isSubmitting ? 'Saving…' : 'Save changes') : isSubmitting ? 'Creating…' : 'Create code'}
        </AdminButton>
      </div>
    </form>
  );
}
