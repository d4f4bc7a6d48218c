/**
 * Colour and size choices on a product page: links to the sibling variants of the same model
 * (ProductJson.variants), the current one marked aria-current. Server-rendered, no script: a
 * choice is a navigation to that variant's own page (its own URL, price, stock and SKU).
 */
import Link from 'next/link';
import clsx from 'clsx';
import { formatMoney } from '@/lib/money';
import { variantChoices, type VariantChoice, type VariantLike } from '@/lib/storefront/variant-choices';
import { ColourSwatch } from './colour-swatch';

function ChoiceList({ id, title, value, choices, swatches }: { id: string; title: string; value: string | null; choices: VariantChoice[]; swatches?: boolean }) {
  return (
    <div role="group" aria-labelledby={id}>
      <p id={id} className="text-sm font-medium text-ink">
        {title}: <span className="font-normal text-ink/80">{value ?? '—'}</span>
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {choices.map((c) => (
          <li key={c.label}>
            <Link
              href={`/products/${c.productId}`}
              aria-current={c.current ? 'page' : undefined}
              className={clsx(
                'inline-flex min-h-10 items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm transition-colors',
                c.current ? 'border-brand bg-brand-soft font-medium text-brand-dark ring-1 ring-brand' : 'border-line bg-surface text-ink hover:border-ink/40',
                !c.inStock && !c.current && 'text-muted',
              )}
            >
              {swatches && <ColourSwatch color={c.label} className="size-4" />}
              {c.label}
              {!c.inStock && <span className="text-xs text-muted">(out of stock)</span>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function VariantPicker({ current, variants, currency }: { current: VariantLike; variants: VariantLike[]; currency: string }) {
  const { colours, sizes, others } = variantChoices(current, variants);
  if (colours.length === 0 && sizes.length === 0 && others.length === 0) return null;
  return (
    <section aria-label="Choose a variant" className="flex flex-col gap-4" data-testid="variant-picker">
      {colours.length > 0 && <ChoiceList id="variant-colour" title="Colour" value={current.color} choices={colours} swatches />}
      {sizes.length > 0 && <ChoiceList id="variant-size" title="Size" value={current.size} choices={sizes} />}
      {others.length > 0 && (
        <div>
          <p className="text-sm font-medium text-ink">Also in this colour and size</p>
          <ul className="mt-1 text-sm">
            {others.map((o) => (
              <li key={o.product_id}>
                <Link href={`/products/${o.product_id}`} className="text-brand-dark underline underline-offset-4">
                  {formatMoney(o.price, currency)} · SKU {o.sku}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
