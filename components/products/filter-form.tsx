'use client';
/**
 * A GET form to /products that works without JavaScript and, with it, navigates client-side to a
 * clean URL (empty fields dropped, duplicates removed). Ticking a box or choosing in a select
 * applies at once; number fields apply on Enter or the Apply button.
 */
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import clsx from 'clsx';

export function FilterForm({
  children,
  className,
  label,
  keepScroll = true,
  testId,
}: {
  children: React.ReactNode;
  className?: string;
  label: string;
  /** Stay where the page is scrolled (filters) rather than jump to the top (search). */
  keepScroll?: boolean;
  testId?: string;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const navigate = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    const seen = new Set<string>();
    for (const [key, value] of new FormData(form)) {
      if (typeof value !== 'string') continue;
      const v = value.trim();
      const id = `${key}\u0000${v}`;
      if (v === '' || seen.has(id)) continue;
      seen.add(id);
      params.append(key, v);
    }
    const qs = params.toString();
    startTransition(() => router.push(qs ? `/products?${qs}` : '/products', { scroll: !keepScroll }));
  };

  return (
    <form
      method="get"
      action="/products"
      aria-label={label}
      aria-busy={pending || undefined}
      data-testid={testId}
      className={clsx(className, pending && 'opacity-70 transition-opacity')}
      onSubmit={(e) => {
        e.preventDefault();
        navigate(e.currentTarget);
      }}
      onChange={(e) => {
        const t: EventTarget = e.target;
        if ((t instanceof HTMLInputElement && t.type === 'checkbox') || t instanceof HTMLSelectElement) navigate(e.currentTarget);
      }}
    >
      {children}
    </form>
  );
}
