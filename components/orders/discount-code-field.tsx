'use client';
/**
 * The order confirmation's "Discount code" field: the code and Apply, which asks
 * the server to price it on the selected lines (POST /api/discount-codes/preview); the applied
 * code, with Remove, once accepted. The server's answer (discount, new total, GST) is shown by the
 * order summary; placing the order prices the code again, so nothing here is trusted.
 * Lives inside the order form: Enter in the field applies the code instead of confirming the order.
 */
import { useId, useState } from 'react';
import { discountCodeText } from '@/lib/discounts/schemas';
import type { DiscountPreviewJson } from '@/lib/discounts/contracts';
import { ApiError, api, serverMessage } from '@/lib/api/client';
import { buttonClasses } from '@/components/ui/button';
import { inputClass } from '@/components/auth/field';

export function DiscountCodeField({
  cartItemIds,
  applied,
  onApplied,
  disabled,
}: {
  /** The cart lines the order will carry. */
  cartItemIds: number[];
  applied: DiscountPreviewJson | null;
  /** The server's preview of the accepted code, or null when removed. */
  onApplied: (preview: DiscountPreviewJson | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function apply() {
    const parsed = discountCodeText.safeParse(text);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please enter a discount code.');
    setError(null);
    setPending(true);
    try {
      onApplied(await api.discounts.preview({ code: parsed.data, cart_item_ids: cartItemIds }));
      setText('');
    } catch (e) {
      setError((e instanceof ApiError && e.status > 0 && e.status < 500 && serverMessage(e)) || 'Could not check the discount code. Please try again.');
    } finally {
      setPending(false);
    }
  }

  if (applied) {
    return (
      <div className="mt-4 flex items-center justify-between gap-3 rounded-lg bg-brand-soft px-3 py-2 text-sm text-brand-dark" data-testid="discount-applied">
        <p role="status">
          <span className="font-medium">{applied.code}</span> applied · {applied.description}
        </p>
        {!disabled && (
          <button type="button" className="font-medium underline underline-offset-4" onClick={() => onApplied(null)}>
            Remove
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="mt-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="discount_code"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
        />
        <button type="button" onClick={() => void apply()} disabled={pending || disabled} className={buttonClasses('outline', 'md', 'shrink-0')}>
          {pending ? 'Checking…' : 'Apply'}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
