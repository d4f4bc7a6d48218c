'use client';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import Form from 'next/form';
import clsx from 'clsx';
import { SearchIcon } from '@/components/ui/icons';

type ComboboxProps = { id: string; initialValue: string; focus: boolean };

/** The combobox's code, loaded once per page on the first focus of any search box. */
let loading: Promise<ComponentType<ComboboxProps>> | null = null;
const loadCombobox = () => (loading ??= import('./search-combobox').then((m) => m.SearchCombobox));

/**
 * The header's product search: a GET form to /products?query=… (works without JavaScript; with it,
 * next/form navigates client-side). A blank query shows the whole catalogue (spec §5 Search).
 * On its first focus the plain box becomes the combobox with suggestions as you type
 * (search-combobox.tsx, docs/search.md "Suggestions as you type"), keeping what was typed and the focus.
 */
export function HeaderSearch({ id, className }: { id: string; className?: string }) {
  const [combobox, setCombobox] = useState<{ Combobox: ComponentType<ComboboxProps>; focus: boolean } | null>(null);
  // What is typed while the code loads carries over: kept as typed, so none of it is lost to the swap.
  const [typed, setTyped] = useState('');
  const plain = useRef<HTMLInputElement>(null);

  const upgrade = () => {
    void loadCombobox().then(
      // The focus carries over when the box still has it.
      (Combobox) => setCombobox({ Combobox, focus: document.activeElement === plain.current }),
      // Without the combobox the plain box still searches.
      () => (loading = null),
    );
  };

  // A box focused before the page hydrated had no one to hear its focus: upgrade it now.
  useEffect(() => {
    if (document.activeElement === plain.current) upgrade();
    // Once, after hydration.
  }, []);

  return (
    <Form action="/products" role="search" aria-label="Product search" className={clsx('relative', className)}>
      {combobox ? (
        <combobox.Combobox id={id} initialValue={typed} focus={combobox.focus} />
      ) : (
        <>
          <label htmlFor={id} className="sr-only">
            Search products
          </label>
          <input
            ref={plain}
            id={id}
            name="query"
            type="search"
            placeholder="Search sofas, beds, desks…"
            autoComplete="off"
            enterKeyHint="search"
            onFocus={upgrade}
            onChange={(e) => setTyped(e.target.value)}
            onPointerEnter={() => void loadCombobox().catch(() => (loading = null))}
            className="h-10 w-full rounded-full border border-line bg-canvas pl-4 pr-11 text-sm text-ink placeholder:text-muted focus:border-brand focus:bg-surface focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand"
          />
        </>
      )}
      <button type="submit" className="absolute right-1 top-1 grid size-8 place-items-center rounded-full text-muted hover:bg-brand-soft hover:text-brand-dark" aria-label="Search">
        <SearchIcon className="size-4" />
      </button>
    </Form>
  );
}
