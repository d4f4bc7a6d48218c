'use client';
/**
 * The Reviews queue's two dialogs (Radix Dialog, react-hook-form + the API's own zod schemas):
 * Reject — a reason the customer is shown; Reply — the shop's public reply under the review.
 */
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from 'sonner';
import { FormDialog } from '@/components/admin/form-dialog';
import { adminInputClass } from '@/components/admin/field';
import { toastFailure } from '@/components/ui/toast-failure';
import { api } from '@/lib/api/client';
import type { AdminReviewJson } from '@/lib/reviews/contracts';
import { REVIEW_REASON_MAX, REVIEW_REPLY_MAX, moderationSchema, replySchema } from '@/lib/reviews/schemas';

type Props = { review: AdminReviewJson | null; onClose: () => void; onDone: (updated: AdminReviewJson) => void };

/** One labelled textarea in the shared form dialog (components/admin/form-dialog.tsx). */
function TextDialog({
  label,
  children,
  ...dialog
}: Omit<React.ComponentProps<typeof FormDialog>, 'children'> & { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <FormDialog {...dialog}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {children(id)}
    </FormDialog>
  );
}

type RejectValues = z.input<typeof moderationSchema>;

/** Reject with a reason (PUT /api/reviews/{id} { status: 'rejected', reason }). */
export function RejectDialog({ review, onClose, onDone }: Props) {
  const { register, handleSubmit, reset, formState } = useForm<RejectValues, unknown, z.output<typeof moderationSchema>>({
    resolver: zodResolver(moderationSchema),
    defaultValues: { status: 'rejected', reason: '' },
  });
  useEffect(() => reset({ status: 'rejected', reason: '' }), [review, reset]);
  const submit = handleSubmit(async (values) => {
    if (!review) return;
    try {
      const updated = await api.reviews.moderate(review.review_id, values);
      toast.success('Review rejected.');
      onDone(updated);
    } catch (e) {
      toastFailure('Failed to reject the review. Please try again.', e);
    }
  });
  const error = (formState.errors as { reason?: { message?: string } }).reason?.message;
  return (
    <TextDialog
      open={review !== null}
      busy={formState.isSubmitting}
      title="Reject review"
      description={`The review stays off the product page${review?.status === 'approved' ? ' and leaves the average' : ''}. The customer sees the reason.`}
      label="Reason"
      error={error}
      action="Reject review"
      onClose={onClose}
      onSubmit={submit}
    >
      {(id) => <textarea id={id} rows={4} maxLength={REVIEW_REASON_MAX} autoFocus className={adminInputClass} aria-invalid={error ? true : undefined} {...register('reason')} />}
    </TextDialog>
  );
}

/** Public reply (PUT /api/reviews/{id}/reply { reply }); replaces an earlier one. */
export function ReplyDialog({ review, onClose, onDone }: Props) {
  const { register, handleSubmit, reset, formState } = useForm<z.input<typeof replySchema>, unknown, z.output<typeof replySchema>>({
    resolver: zodResolver(replySchema),
    defaultValues: { reply: '' },
  });
  useEffect(() => reset({ reply: review?.reply ?? '' }), [review, reset]);
  const submit = handleSubmit(async (values) => {
    if (!review) return;
    try {
      const updated = await api.reviews.reply(review.review_id, values);
      toast.success('Reply saved.');
      onDone(updated);
    } catch (e) {
      toastFailure('Failed to save the reply. Please try again.', e);
    }
  });
  return (
    <TextDialog
      open={review !== null}
      busy={formState.isSubmitting}
      title={review?.reply ? 'Edit reply' : 'Reply publicly'}
      description="Shown under the review on the product page once the review is approved."
      label="Reply"
      error={formState.errors.reply?.message}
      action="Save reply"
      onClose={onClose}
      onSubmit={submit}
    >
      {(id) => <textarea id={id} rows={5} maxLength={REVIEW_REPLY_MAX} autoFocus className={adminInputClass} aria-invalid={formState.errors.reply ? true : undefined} {...register('reply')} />}
    </TextDialog>
  );
}
