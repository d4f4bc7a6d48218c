'use client';
/**
 * Checkbox filter for one product attribute (style, function or mobility) with counts
 * (docs/architecture.md: the options are the values that exist). The group is folded behind its heading
 * unless one of its values is ticked, and its rows are only rendered once opened: a listing page
 * then carries a few hundred bytes per group instead of every row, twice (HTML and React payload).
 * Long lists show the top eight and fold the rest.
 */
import { useState } from 'react';
import type { FacetValue } from './facet-types';

const SHOWN = 8;

export function FacetFilter({ name, legend, values, selected, idPrefix }: { name: string; legend: string; values: FacetValue[]; selected: string[]; idPrefix: string }) {
  const [open, setOpen] = useState(selected.length > 0);
  if (values.length === 0 && selected.length === 0) return null;
  // A ticked value that no longer matches anything is still listed, so it can be unticked.
  const all = [...values, ...selected.filter((v) => !values.some((x) => x.value === v)).map((value) => ({ value, count: 0 }))];
  const row = (v: FacetValue, i: number) => {
    const id = `${idPrefix}${name}-${i}`;
    return (
      <li key={v.value} className="filter-row">
        <input id={id} type="checkbox" name={name} value={v.value} defaultChecked={selected.includes(v.value)} className="filter-box" />
        <label htmlFor={id} className="filter-label">
          <span className="flex-1">{v.value}</span>
          <span className="filter-count">
            {v.count}
            <span className="sr-only"> products</span>
          </span>
        </label>
      </li>
    );
  };
  const head = all.slice(0, SHOWN);
  const rest = all.slice(SHOWN);
  const restOpen = rest.some((v) => selected.includes(v.value));
  const listId = `${idPrefix}${name}-list`;
  return (
    <fieldset data-testid={`${name}-filter`}>
      <legend className="mb-2 w-full text-sm font-semibold text-ink">
        <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)} className="flex w-full items-center justify-between gap-2 text-left hover:text-brand-dark">
          {legend}
          {selected.length > 0 && <span className="sr-only">, {selected.length} ticked</span>}
          <span aria-hidden="true" className="text-muted">
            {open ? '−' : '+'}
          </span>
        </button>
      </legend>
      <div id={listId}>
        {open && (
          <>
            <ul>{head.map(row)}</ul>
            {rest.length > 0 && (
              <details open={restOpen} className="group">
                <summary className="mt-1 cursor-pointer list-none text-sm font-medium text-brand-dark hover:underline [&::-webkit-details-marker]:hidden">
                  <span className="group-open:hidden">Show {rest.length} more</span>
                  <span className="hidden group-open:inline">Show fewer</span>
                </summary>
                <ul>{rest.map((v, i) => row(v, i + SHOWN))}</ul>
              </details>
            )}
          </>
        )}
      </div>
    </fieldset>
  );
}
