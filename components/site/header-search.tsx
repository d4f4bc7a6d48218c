import Form from 'next/form';
import clsx from 'clsx';
import { SearchIcon } from '@/components/ui/icons';

/**
 * The header's product search: a GET form to /products?q=… (works without JavaScript; with it,
 * next/form navigates client-side). A blank query shows the whole catalogue (spec §5 Search).
 */
export function HeaderSearch({ id, className }: { id: string; className?: string }) {
  return (
    <Form action="/products" role="search" aria-label="Product search" className={clsx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search sofas, beds, desks…"
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full rounded-full border border-line bg-canvas pl-4 pr-11 text-sm text-ink placeholder:text-muted focus:border-brand focus:bg-surface focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand"
      />
      <button type="submit" className="absolute right-1 top-1 grid size-8 place-items-center rounded-full text-muted hover:bg-brand-soft hover:text-brand-dark" aria-label="Search">
        <SearchIcon className="size-4" />
      </button>
    </Form>
  );
}
