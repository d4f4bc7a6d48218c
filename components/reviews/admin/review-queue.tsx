'use client';
/**
 * /admin/reviews — the moderation queue: tabs by status with their counts, each review
 * with its product, order, customer, stars, text and photos, and the actions Approve, Reject
 * (with a reason, in a dialog) and Reply (in a dialog). The first page comes from the server;
 * actions go through the API and the page is refreshed from the server after each.
 */
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useState } from 'react';
import clsx from 'clsx';
import { toast } from 'sonner';
import { AdminButton } from '@/components/ui/button';
import { Pager } from '@/components/admin/pager';
import { QueueTabs } from '@/components/admin/queue-tabs';
import { Stars } from '@/components/reviews/stars';
import { toastFailure } from '@/components/ui/toast-failure';
import { api } from '@/lib/api/client';
import type { AdminReviewJson, ReviewQueueJson } from '@/lib/reviews/contracts';
import type { QueueFilter } from '@/lib/reviews/schemas';
import { RejectDialog, ReplyDialog } from './review-dialogs';

const TABS: { key: QueueFilter; label: string }[] = [
  { key: 'pending', label: 'Pending' },
  { key: 'approved', label: 'Approved' },
  { key: 'rejected', label: 'Rejected' },
  { key: 'all', label: 'All' },
];

const BADGE: Record<AdminReviewJson['status'], string> = {
  pending: 'bg-[#fbf3e4] text-warning',
  approved: 'bg-brand-soft text-brand-dark',
  rejected: 'bg-danger/10 text-danger',
};

const EMPTY: Record<QueueFilter, string> = {
  pending: 'No reviews are waiting. New ones appear here as customers write them.',
  approved: 'No approved reviews yet.',
  rejected: 'No rejected reviews.',
  all: 'No reviews yet.',
};

export function ReviewQueue({ data, status, timeZone }: { data: ReviewQueueJson; status: QueueFilter; timeZone: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<AdminReviewJson | null>(null);
  const [replying, setReplying] = useState<AdminReviewJson | null>(null);
  const total = data.counts.pending + data.counts.approved + data.counts.rejected;
  const countOf = (key: QueueFilter) => (key === 'all' ? total : data.counts[key]);
  const href = (s: QueueFilter, page = 1) => `${pathname}?status=${s}${page > 1 ? `&page=${page}` : ''}`;
  const when = (iso: string) => new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

  async function approve(review: AdminReviewJson) {
    setBusyId(review.review_id);
    try {
      await api.reviews.moderate(review.review_id, { status: 'approved' });
      toast.success('Review approved and published.');
      router.refresh();
    } catch (e) {
      toastFailure('Failed to approve the review. Please try again.', e);
    } finally {
      setBusyId(null);
    }
  }

  const done = () => {
    setRejecting(null);
    setReplying(null);
    router.refresh();
  };

  return (
    <div className="space-y-5">
      <QueueTabs label="Review status" tabs={TABS} current={status} hrefFor={(key) => href(key)} countOf={countOf} />

      {data.reviews.length === 0 ? (
        <p className="rounded-card border border-line bg-surface px-4 py-8 text-center text-muted" data-testid="queue-empty">
          {EMPTY[status]}
        </p>
      ) : (
        <ul className="space-y-4" data-testid="review-queue">
          {data.reviews.map((r) => (
            <li key={r.review_id} className="rounded-card border border-line bg-surface p-4 sm:p-5" data-testid="queue-review" data-review-id={r.review_id}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-sm">
                    <Link href={`/products/${r.product_id}`} className="font-medium text-brand-dark underline-offset-4 hover:underline">
                      {r.product_name}
                    </Link>
                    <span className="text-muted"> · {r.product_sku} · order #{r.order_id}</span>
                  </p>
                  <p className="mt-0.5 text-xs text-muted">
                    {r.author_name} ({r.customer_email}) · {when(r.created_at)}
                  </p>
                </div>
                <span className={clsx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium', BADGE[r.status])} data-testid="review-status-badge">
                  {r.status.charAt(0).toUpperCase() + r.status.slice(1)}
                </span>
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
                <Stars rating={r.rating} className="text-base" />
                <h2 className="font-semibold text-ink">{r.title}</h2>
              </div>
              <p className="mt-2 whitespace-pre-line text-sm text-ink/85">{r.body}</p>
              {r.photos.length > 0 && (
                <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos">
                  {r.photos.map((p, i) => (
                    <li key={p.photo_id}>
                      <a href={p.url} target="_blank" rel="noopener" className="block overflow-hidden rounded-lg ring-1 ring-line hover:ring-brand">
                        {/* eslint-disable-next-line @next/next/no-img-element -- stored photos, as the product thumbnails */}
                        <img src={p.url} alt={`Photo ${i + 1} of the review`} width={80} height={80} loading="lazy" className="size-20 object-cover" />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              {r.status === 'rejected' && r.rejection_reason && (
                <p className="mt-3 text-sm text-danger">
                  <span className="font-medium">Rejected:</span> {r.rejection_reason}
                </p>
              )}
              {r.reply && (
                <div className="mt-3 rounded-lg bg-canvas p-3 text-sm" data-testid="queue-reply">
                  <p className="font-medium text-ink">Our reply</p>
                  <p className="mt-0.5 whitespace-pre-line text-ink/80">{r.reply}</p>
                </div>
              )}
              <div className="mt-4 flex flex-wrap gap-2">
                {r.status !== 'approved' && (
                  <AdminButton variant="primary" size="sm" disabled={busyId === r.review_id} onClick={() => approve(r)}>
                    Approve
                  </AdminButton>
                )}
                {r.status !== 'rejected' && (
                  <AdminButton variant="danger" size="sm" disabled={busyId === r.review_id} onClick={() => setRejecting(r)}>
                    Reject…
                  </AdminButton>
                )}
                <AdminButton size="sm" disabled={busyId === r.review_id} onClick={() => setReplying(r)}>
                  {r.reply ? 'Edit reply…' : 'Reply…'}
                </AdminButton>
              </div>
            </li>
          ))}
        </ul>
      )}

      {data.totalPages > 1 && <Pager page={data.currentPage} totalPages={data.totalPages} onPage={(p) => router.push(href(status, p))} />}

      <RejectDialog review={rejecting} onClose={() => setRejecting(null)} onDone={done} />
      <ReplyDialog review={replying} onClose={() => setReplying(null)} onDone={done} />
    </div>
  );
}
