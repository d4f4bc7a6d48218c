'use client';
/** Product Management's search by name or SKU: Search runs it from page 1, Clear Search shows every product again. */
import { useState } from 'react';
import { AdminButton } from '@/components/ui/button';

/** `activeQuery`: the search in force ('' = none); `loading`: a page is being read. */
export function ProductSearch({ activeQuery, loading, onSearch }: { activeQuery: string; loading: boolean; onSearch: (q: string) => void }) {
  const [query, setQuery] = useState('');
  return (
    <form
      role="search"
      className="mb-4 flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(query);
      }}
    >
      <label htmlFor="product-search" className="sr-only">
        Find a product by name or SKU
      </label>
      <input
        id="product-search"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Find by name or SKU"
        className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 text-sm sm:max-w-xs"
      />
      <AdminButton type="submit">Search</AdminButton>
      {activeQuery ? (
        <AdminButton
          variant="ghost"
          onClick={() => {
            setQuery('');
            onSearch('');
          }}
        >
          Clear Search
        </AdminButton>
      ) : null}
      {loading ? (
        <span role="status" className="text-sm text-muted">
          Loading…
        </span>
      ) : null}
    </form>
  );
}
