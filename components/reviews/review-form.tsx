'use client';
/**
 * The review form of one delivered order line: a rating of 1–5 stars, a title, a text
 * and up to four photos. Checked in the browser with the same zod schema as the server
 * (lib/reviews/schemas.ts), sent as multipart through the API (POST /api/reviews); photos are
 * checked again by their bytes on the server. After sending, the page shows the review waiting
 * for moderation.
 */
import { useId, useState } from 'react';
import { useRouter } from 'next/navigation';
import clsx from 'clsx';
import { FormMessage, SubmitButton, TextField, inputClass } from '@/components/auth/field';
import { useMessageForm } from '@/components/auth/use-message-form';
import { api, errorMessage } from '@/lib/api/client';
import { MAX_REVIEW_PHOTOS, REVIEW_BODY_MAX, REVIEW_TITLE_MAX, reviewInputSchema } from '@/lib/reviews/schemas';

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export function ReviewForm({ orderItemId }: { orderItemId: number }) {
  const router = useRouter();
  const id = useId();
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const { register, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(reviewInputSchema, {
    order_item_id: orderItemId,
    rating: undefined,
    title: '',
    body: '',
  });

  const pickPhotos = (files: FileList | null) => {
    const list = [...(files ?? [])];
    if (list.length > MAX_REVIEW_PHOTOS) return setPhotoError(`Add at most ${MAX_REVIEW_PHOTOS} photos.`);
    if (list.some((f) => f.size > MAX_PHOTO_BYTES)) return setPhotoError('Each photo must be 5 MB or smaller.');
    setPhotoError(null);
    setPhotos(list);
  };

  const send = onSubmit(async (values) => {
    if (photoError) return;
    const form = new FormData();
    form.set('order_item_id', String(values.order_item_id));
    form.set('rating', String(values.rating));
    form.set('title', values.title);
    form.set('body', values.body);
    for (const photo of photos) form.append('photos', photo);
    try {
      await api.reviews.create(form);
    } catch (e) {
      return setMessage({ kind: 'error', text: errorMessage(e, 'Your review could not be sent. Please try again.') });
    }
    router.refresh();
  });

  return (
    <form noValidate onSubmit={send} aria-label="Write a review" className="space-y-6" data-testid="review-form">
      <input type="hidden" {...register('order_item_id')} />
      <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className="text-sm font-medium text-ink">Your rating</legend>
        {/* Radios in reverse order: a CSS sibling rule lights a star and every star before it. */}
        <div className="star-input mt-2 inline-flex flex-row-reverse justify-end gap-1">
          {[5, 4, 3, 2, 1].map((n) => (
            <label key={n} className="cursor-pointer">
              <input type="radio" value={n} className="peer sr-only" {...register('rating')} />
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'} — {STAR_WORDS[n]}
              </span>
              <svg viewBox="0 0 24 24" aria-hidden="true" className="size-9 text-line transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-brand">
                <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" fill="currentColor" stroke="var(--color-muted)" strokeWidth={1.2} strokeLinejoin="round" />
              </svg>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={`${id}-rating-error`} className="mt-1 text-sm text-danger" role="alert">
            {errors.rating.message}
          </p>
        )}
      </fieldset>

      <TextField label="Title" maxLength={REVIEW_TITLE_MAX} placeholder="Sum it up in a few words" error={errors.title?.message} {...register('title')} />

      <div className="space-y-1.5">
        <label htmlFor={`${id}-body`} className="block text-sm font-medium text-ink">
          Your review
        </label>
        <textarea
          id={`${id}-body`}
          rows={6}
          maxLength={REVIEW_BODY_MAX}
          placeholder="How does it look and feel? Was it easy to put together? Would you buy it again?"
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? `${id}-body-error` : undefined}
          className={clsx(inputClass, 'min-h-32')}
          {...register('body')}
        />
        {errors.body && (
          <p id={`${id}-body-error`} className="text-sm text-danger" role="alert">
            {errors.body.message}
          </p>
        )}
      </div>

      <div className="space-y-1.5">
        <label htmlFor={`${id}-photos`} className="block text-sm font-medium text-ink">
          Photos <span className="font-normal text-muted">(optional)</span>
        </label>
        <input
          id={`${id}-photos`}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif"
          onChange={(e) => pickPhotos(e.target.files)}
          aria-describedby={`${id}-photos-hint`}
          className="block w-full text-sm text-ink file:mr-3 file:rounded-full file:border-0 file:bg-brand-soft file:px-4 file:py-2 file:font-medium file:text-brand-dark hover:file:bg-[#d8e6dc]"
        />
        <p id={`${id}-photos-hint`} className={clsx('text-xs', photoError ? 'text-danger' : 'text-muted')} role={photoError ? 'alert' : undefined}>
          {photoError ?? `Up to ${MAX_REVIEW_PHOTOS} photos, JPEG, PNG, WebP or AVIF, 5 MB each.`}
        </p>
      </div>

      <p className="text-sm text-muted">We check every review before it appears on the product page.</p>
      <FormMessage message={message} />
      <SubmitButton busy={isSubmitting} busyLabel="Sending…">
        Send review
      </SubmitButton>
    </form>
  );
}
