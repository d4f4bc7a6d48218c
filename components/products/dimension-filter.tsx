/** Width / height / depth range filters in whole centimetres (spec §2 Products page filters). */
import { DIMENSIONS, type Dimension, type RangeCm } from '@/lib/catalog/product-query';
import type { FacetRange } from './facet-types';

const LABEL: Record<Dimension, string> = { width: 'Width', height: 'Height', depth: 'Depth' };

/** One end of a range: a whole number of centimetres, labelled for screen readers only. */
function Bound({ id, name, label, value, placeholder }: { id: string; name: string; label: string; value: number | null | undefined; placeholder: string }) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input id={id} name={name} type="number" inputMode="numeric" min={0} step={1} defaultValue={value ?? ''} placeholder={placeholder} className="dim-input" />
    </>
  );
}

export function DimensionFilter({ values, ranges, idPrefix }: { values: Record<Dimension, RangeCm>; ranges: Record<Dimension, FacetRange>; idPrefix: string }) {
  return (
    <fieldset data-testid="dimension-filter">
      <legend className="mb-1 text-sm font-semibold text-ink">Size (cm)</legend>
      <p className="mb-3 text-xs text-muted">Press Enter or Apply to use a size.</p>
      <div className="space-y-3">
        {DIMENSIONS.map((d) => {
          const r = ranges[d];
          return (
            <div key={d} role="group" aria-labelledby={`${idPrefix}${d}-label`}>
              <p id={`${idPrefix}${d}-label`} className="mb-1 text-sm text-ink/85">
                {LABEL[d]}
              </p>
              <div className="flex items-center gap-2">
                <Bound id={`${idPrefix}${d}-min`} name={`${d}_min`} label={`${LABEL[d]} from (cm)`} value={values[d].min} placeholder={r.min !== null ? `Min ${r.min}` : 'Min'} />
                <span aria-hidden="true" className="text-muted">
                  –
                </span>
                <Bound id={`${idPrefix}${d}-max`} name={`${d}_max`} label={`${LABEL[d]} up to (cm)`} value={values[d].max} placeholder={r.max !== null ? `Max ${r.max}` : 'Max'} />
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
