/**
 * The "4 stars & up" filter (one checkbox, `rating_min=4`): only products whose approved reviews
 * average at least four stars, with how many there are under the search and the other filters.
 */
import { Stars } from '@/components/reviews/stars';

export function RatingFilter({ checked, count, idPrefix }: { checked: boolean; count: number; idPrefix: string }) {
  const id = `${idPrefix}rating-min`;
  return (
    <fieldset data-testid="rating-filter">
      <legend className="mb-2 text-sm font-semibold text-ink">Customer rating</legend>
      <div className="flex items-center gap-3 py-1.5">
        <input id={id} type="checkbox" name="rating_min" value="4" defaultChecked={checked} className="size-4 shrink-0 accent-brand" />
        <label htmlFor={id} className="flex flex-1 cursor-pointer items-center gap-2 text-sm text-ink/85">
          <Stars rating={4} className="text-sm" label="4 stars" />
          <span className="flex-1 font-medium">&amp; up</span>
          <span className="text-xs tabular-nums text-muted">
            {count}
            <span className="sr-only"> products</span>
          </span>
        </label>
      </div>
    </fieldset>
  );
}
