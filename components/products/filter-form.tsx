'use client';
/**
 * A GET form to /products that works without JavaScript and, with it, navigates client-side to a
 * clean URL (empty fields dropped, duplicates removed). Ticking a box or choosing in a select
 * applies at once; number fields apply on Enter or the Apply button.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useTransition } from 'react';
import clsx from 'clsx';

/**
 * The id of the control that applied a change. The page re-renders the filters for the new URL
 * (a fresh form), so focus would fall back to the page; the new form puts it back on the same
 * control, and keyboard users keep their place.
 */
let focusAfterNavigation: { id: string; at: number } | null = null;

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
  const formRef = useRef<HTMLFormElement | null>(null);

  useEffect(() => {
    if (!focusAfterNavigation) return;
    if (Date.now() - focusAfterNavigation.at > 10_000) {
      focusAfterNavigation = null;
      return;
    }
    // Look inside this form: the previous page may still be in the document, hidden, with the same ids.
    const el = formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(focusAfterNavigation.id)}`);
    if (el && el !== document.activeElement) {
      el.focus({ preventScroll: true });
      focusAfterNavigation = null;
    }
  });

  const navigate = (form: HTMLFormElement) => {
    const active = document.activeElement;
    focusAfterNavigation = active instanceof HTMLElement && active.id && form.contains(active) ? { id: active.id, at: Date.now() } : null;
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
      ref={formRef}
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
