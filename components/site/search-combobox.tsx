'use client';
/**
 * The header search box with suggestions as you type (docs/search.md "Suggestions as you type"):
 * a WAI-ARIA 1.2 combobox from downshift's useCombobox — arrow keys move through the list, Enter
 * on a suggestion goes to it, Enter without one submits the search form, Escape closes the list
 * and a second Escape clears the box. Suggestions are asked for from two characters, after a
 * pause in typing, kept per query for the page's life (suggestion-source.ts: an older answer never
 * replaces a newer one) and announced in a polite status line. Loaded on the box's first focus
 * (header-search.tsx), so pages that never use it do not carry downshift.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useCombobox } from 'downshift';
import { api } from '@/lib/api/client';
import type { SuggestionsJson } from '@/lib/catalog/contracts';
import { countSuggestionChosen } from '@/lib/catalog/search/analytics-beacon';
import { SUGGEST_MIN_CHARS } from '@/lib/catalog/search/suggest-terms';
import { createSuggestionSource, suggestionKey } from './suggestion-source';

/** The pause in typing after which suggestions are asked for (ms). */
const DEBOUNCE_MS = 150;

type Item =
  | { kind: 'product'; key: string; label: string; url: string; image: string; price: string; inStock: boolean }
  | { kind: 'category'; key: string; label: string; url: string; room: string | null }
  | { kind: 'brand'; key: string; label: string; url: string };

const GROUPS = [
  { kind: 'product', label: 'Products' },
  { kind: 'category', label: 'Categories and rooms' },
  { kind: 'brand', label: 'Brands' },
] as const;

/** The answer as one list in the order shown: products, then categories and rooms, then brands. */
function itemsOf(s: SuggestionsJson): Item[] {
  return [
    ...s.products.map((p): Item => ({ kind: 'product', key: `p${p.product_id}`, label: p.name, url: p.url, image: p.image_url, price: p.price_display, inStock: p.in_stock })),
    ...s.categories.map((c): Item => ({ kind: 'category', key: `c${c.category_id}`, label: c.name, url: c.url, room: c.room })),
    ...s.brands.map((b): Item => ({ kind: 'brand', key: `b${b.brand_id}`, label: b.name, url: b.url })),
  ];
}

/** One source per page: every box (desktop and phone header) shares its memory of answers. */
const source = createSuggestionSource((key, signal) => api.catalog.suggest(key, signal));

const statusText = (n: number) => (n === 0 ? 'No suggestions' : n === 1 ? '1 suggestion, use the arrow keys to choose it' : `${n} suggestions, use the arrow keys to choose one`);

/**
 * `id`: the input's id (its label's `for`); `initialValue`: what the plain box already held;
 * `focus`: take the focus at once (the plain box had it when this replaced it).
 */
export function SearchCombobox({ id, initialValue, focus }: { id: string; initialValue: string; focus: boolean }) {
  const router = useRouter();
  const [items, setItems] = useState<Item[]>([]);
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Shows the answer for `value` (from memory at once, else after the pause); clears the list under two characters. */
  const suggestFor = (value: string) => {
    clearTimeout(timer.current);
    const key = suggestionKey(value);
    if (key.trim().length < SUGGEST_MIN_CHARS) {
      source.cancel();
      setItems([]);
      setStatus('');
      return;
    }
    const show = (s: SuggestionsJson) => {
      const next = itemsOf(s);
      setItems(next);
      setStatus(statusText(next.length));
    };
    const hit = source.cached(key);
    if (hit) {
      source.cancel();
      show(hit);
      return;
    }
    timer.current = setTimeout(() => {
      source.load(key).then(
        (loaded) => loaded.status === 'fresh' && show(loaded.value),
        // Suggestions are a help, not the search: when they fail the box still submits.
        () => setItems([]),
      );
    }, DEBOUNCE_MS);
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, closeMenu } = useCombobox<Item>({
    id: `${id}-combobox`,
    inputId: id,
    items,
    initialInputValue: initialValue,
    initialIsOpen: initialValue.length > 0,
    itemToString: (item) => item?.label ?? '',
    itemToKey: (item) => item?.key,
    // Choosing a suggestion goes to it; the box is not left holding the choice.
    selectedItem: null,
    onSelectedItemChange: ({ selectedItem, inputValue }) => {
      if (!selectedItem) return;
      // A product chosen here is a search and its click (docs/search.md "What shoppers searched
      // for"); a category or brand opens a listing, which counts itself.
      if (selectedItem.kind === 'product') countSuggestionChosen(inputValue ?? '', items.length);
      router.push(selectedItem.url);
    },
    // The box keeps what the shopper typed rather than taking the chosen suggestion's name.
    stateReducer: (state, { type, changes }) =>
      type === useCombobox.stateChangeTypes.ItemClick || type === useCombobox.stateChangeTypes.InputKeyDownEnter ? { ...changes, inputValue: state.inputValue } : changes,
    onInputValueChange: ({ inputValue }) => suggestFor(inputValue ?? ''),
  });

  // Before the browser paints or runs another task: the focus never rests on the page between the two boxes.
  useLayoutEffect(() => {
    const input = document.getElementById(id);
    if (!focus || !(input instanceof HTMLInputElement)) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    // What was typed while the code loaded is asked for like any other typing.
    if (initialValue) timer.current = setTimeout(() => suggestFor(initialValue), 0);
    // Only when this box replaces the plain one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const open = isOpen && items.length > 0;
  const groups = useMemo(() => GROUPS.map((g) => ({ ...g, items: items.map((item, index) => ({ item, index })).filter(({ item }) => item.kind === g.kind) })).filter((g) => g.items.length > 0), [items]);

  return (
    <>
      <label {...getLabelProps()} className="sr-only">
        Search products
      </label>
      <input
        {...getInputProps({
          name: 'query',
          type: 'search',
          placeholder: 'Search sofas, beds, desks…',
          autoComplete: 'off',
          enterKeyHint: 'search',
          onKeyDown: (event) => {
            // Enter with no suggestion chosen submits the search (downshift would keep it).
            if (event.key === 'Enter' && highlightedIndex < 0) {
              (event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
              closeMenu();
            }
          },
          className:
            'h-10 w-full rounded-full border border-line bg-canvas pl-4 pr-11 text-sm text-ink placeholder:text-muted [&::-webkit-search-cancel-button]:hidden focus:border-brand focus:bg-surface focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand',
        })}
      />
      <div
        {...getMenuProps({ 'aria-label': 'Suggestions' })}
        hidden={!open}
        data-testid="search-suggestions"
        className="absolute inset-x-0 top-full z-50 mt-2 max-h-[min(34rem,80vh)] overflow-y-auto rounded-2xl border border-line bg-surface py-2 text-sm shadow-lg md:min-w-[24rem]"
      >
        {open &&
          groups.map((g) => (
            <div key={g.kind} role="group" aria-labelledby={`${id}-group-${g.kind}`} className="py-1 [&+&]:border-t [&+&]:border-line">
              <div id={`${id}-group-${g.kind}`} role="presentation" className="px-4 pb-1 pt-1.5 text-xs font-medium uppercase tracking-wide text-muted">
                {g.label}
              </div>
              {g.items.map(({ item, index }) => (
                <div
                  key={item.key}
                  {...getItemProps({ item, index })}
                  className={`mx-2 flex cursor-pointer items-center gap-3 rounded-xl px-2 py-1.5 ${highlightedIndex === index ? 'bg-brand-soft text-brand-dark' : 'text-ink'}`}
                >
                  {item.kind === 'product' ? (
                    <>
                      {/* The name beside it says what it is: the picture is decoration here. */}
                      {/* eslint-disable-next-line @next/next/no-img-element */}
                      <img src={item.image} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded-lg border border-line bg-canvas object-contain p-0.5" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">{item.label}</span>
                        {!item.inStock && <span className="block text-xs text-muted">Out of stock</span>}
                      </span>
                      <span className="shrink-0 font-medium tabular-nums">{item.price}</span>
                    </>
                  ) : (
                    <span className="min-w-0 flex-1 truncate">
                      {item.label}
                      {item.kind === 'category' && <span className="text-muted">{item.room ? ` in ${item.room}` : ' · Room'}</span>}
                    </span>
                  )}
                </div>
              ))}
            </div>
          ))}
      </div>
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {status}
      </div>
    </>
  );
}
