/**
 * A filter of one checkbox with its product count (the product filters' "On sale" and "4 stars &
 * up"): a fieldset with its legend, the checkbox named `name` sending `value` when ticked, and the
 * label's content beside how many products it leaves under the search and the other filters.
 * A filter that would leave no products is not offered (docs/catalogue.md "Facets and listings"),
 * unless it is ticked, so that the shopper can untick it.
 */
import type { ReactNode } from 'react';

type Props = {
  /** The fieldset's heading, e.g. "Offers". */
  legend: string;
  /** The query parameter and the value it sends, e.g. on_sale=1. */
  name: string;
  value: string;
  checked: boolean;
  /** Products matching with this filter on. */
  count: number;
  /** Keeps the ids apart where the form renders twice (sidebar and drawer). */
  idPrefix: string;
  testId: string;
  /** What the label says (text, stars). */
  children: ReactNode;
};

export function CheckboxFacet({ legend, name, value, checked, count, idPrefix, testId, children }: Props) {
  if (count === 0 && !checked) return null;
  const id = `${idPrefix}${name.replace(/_/g, '-')}`;
  return (
    <fieldset data-testid={testId}>
      <legend className="mb-2 text-sm font-semibold text-ink">{legend}</legend>
      <div className="flex items-center gap-3 py-1.5">
        <input id={id} type="checkbox" name={name} value={value} defaultChecked={checked} className="size-4 shrink-0 accent-brand" />
        <label htmlFor={id} className="flex flex-1 cursor-pointer items-center gap-2 text-sm text-ink/85">
          {children}
          <span className="text-xs tabular-nums text-muted">
            {count}
            <span className="sr-only"> products</span>
          </span>
        </label>
      </div>
    </fieldset>
  );
}
