'use client';
/**
 * Category and subcategory checkboxes with counts and the spec §4 tick rules (lib/storefront/category-ticks):
 * ticking a room ticks all its subcategories, ticking every subcategory ticks the room, unticking one
 * removes the room's tick. Without JavaScript the boxes submit as they are and the server applies
 * the same rules (normalizeSelection); with it, the URL carries the compressed selection.
 *
 * The boxes render the same before and after hydration: the compressed selection replaces the
 * ticked boxes in the form's `formdata` event (fired by every `new FormData(form)` and every native
 * submit), so hydrating this filter re-renders nothing. Switching the boxes' names once hydrated
 * re-rendered every row in one synchronous task, the longest on the listing's start-up.
 */
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { compressTicked, tickedSet, toggleCategory } from '@/lib/storefront/category-ticks';
import { displayName, type FacetCategory } from './facet-types';

export function CategoryFilter({ tree, selected, idPrefix }: { tree: FacetCategory[]; selected: number[]; idPrefix: string }) {
  const [ticked, setTicked] = useState(() => tickedSet(tree, selected));
  const fieldsetRef = useRef<HTMLFieldSetElement | null>(null);
  // What the form submits: read by the formdata listener, which outlives any one render. Set in
  // onToggle, the one place `ticked` changes, before the form is submitted.
  const tickedRef = useRef(ticked);

  useEffect(() => {
    const form = fieldsetRef.current?.form;
    if (!form) return;
    const compress = (e: FormDataEvent) => {
      e.formData.delete('category');
      for (const id of compressTicked(tree, tickedRef.current)) e.formData.append('category', String(id));
    };
    form.addEventListener('formdata', compress);
    return () => form.removeEventListener('formdata', compress);
  }, [tree]);

  const onToggle = (e: React.ChangeEvent<HTMLInputElement>, id: number) => {
    e.stopPropagation();
    const form = e.currentTarget.form;
    const next = toggleCategory(tree, ticked, id, e.currentTarget.checked);
    tickedRef.current = next;
    flushSync(() => setTicked(next));
    form?.requestSubmit();
  };

  const box = (id: number, name: string, count: number, room?: FacetCategory) => {
    const partial = room ? !ticked.has(id) && room.subcategories.some((s) => ticked.has(s.category_id)) : false;
    const inputId = `${idPrefix}cat-${id}`;
    return (
      <div className="filter-row">
        <input
          id={inputId}
          type="checkbox"
          name="category"
          value={id}
          checked={ticked.has(id)}
          onChange={(e) => onToggle(e, id)}
          ref={(el) => {
            if (el) el.indeterminate = partial;
          }}
          className="filter-box"
          data-testid={room ? 'room-checkbox' : 'subcategory-checkbox'}
        />
        <label htmlFor={inputId} className={room ? 'filter-label font-medium text-ink' : 'filter-label'}>
          <span className="flex-1">{displayName(name)}</span>
          <span className="filter-count">
            {count}
            <span className="sr-only"> products</span>
          </span>
        </label>
      </div>
    );
  };

  return (
    <fieldset ref={fieldsetRef} data-testid="category-filter">
      <legend className="mb-2 text-sm font-semibold text-ink">Category</legend>
      <ul className="space-y-1">
        {tree.map((room) => (
          <li key={room.category_id}>
            {box(room.category_id, room.name, room.count, room)}
            {room.subcategories.length > 0 && (
              <ul className="ml-2 border-l border-line pl-4">
                {room.subcategories.map((s) => (
                  <li key={s.category_id}>{box(s.category_id, s.name, s.count)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
