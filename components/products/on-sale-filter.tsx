/**
 * The "On sale" filter (one checkbox, `on_sale=1`): only products with an active promotion, with
 * how many there are under the search and the other filters.
 */
export function OnSaleFilter({ checked, count, idPrefix }: { checked: boolean; count: number; idPrefix: string }) {
  const id = `${idPrefix}on-sale`;
  return (
    <fieldset data-testid="on-sale-filter">
      <legend className="mb-2 text-sm font-semibold text-ink">Offers</legend>
      <div className="flex items-center gap-3 py-1.5">
        <input id={id} type="checkbox" name="on_sale" value="1" defaultChecked={checked} className="size-4 shrink-0 accent-brand" />
        <label htmlFor={id} className="flex flex-1 cursor-pointer items-baseline gap-2 text-sm text-ink/85">
          <span className="flex-1 font-medium text-sale">On sale</span>
          <span className="text-xs tabular-nums text-muted">
            {count}
            <span className="sr-only"> products</span>
          </span>
        </label>
      </div>
    </fieldset>
  );
}
