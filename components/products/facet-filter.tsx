/**
 * Checkbox filter for one product attribute (style, function or mobility) with counts
 * (DESIGN.md: the options are the values that exist). Long lists show the top eight and fold the rest.
 */
import type { FacetValue } from './facet-types';

const SHOWN = 8;

export function FacetFilter({ name, legend, values, selected, idPrefix }: { name: string; legend: string; values: FacetValue[]; selected: string[]; idPrefix: string }) {
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
  return (
    <fieldset data-testid={`${name}-filter`}>
      <legend className="mb-2 text-sm font-semibold text-ink">{legend}</legend>
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
    </fieldset>
  );
}
