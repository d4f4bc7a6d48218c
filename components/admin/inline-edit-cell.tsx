'use client';
/**
 * A table cell edited in place (spec §2 Product Management): double-click (or Enter / F2 when the
 * cell has focus) opens an input; Enter or blur commits, Escape cancels. A modified cell is marked
 * (tinted, with a dot and "modified" for screen readers); an error shows under the value.
 *
 *   <InlineEditCell label="Price" value={row.price} type="number" step="0.01" min="0"
 *     modified={changed.has('price')} error={errors.price}
 *     display={(v) => formatMoney(v, currency)} onCommit={(v) => setField('price', v)} />
 *
 * Values are strings; the caller parses them. With `validate`, a value it refuses is not committed:
 * the input stays open with the message under it (so "-5" is never shown as "-$5.00" nor sent);
 * Escape gives the old value back. Without it the caller validates later and shows `error`.
 */
import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';

type Props = {
  /** Accessible name of the field, e.g. "Price"; also used in the test id. */
  label: string;
  value: string;
  onCommit: (value: string) => void;
  type?: 'text' | 'number';
  step?: string;
  min?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  modified?: boolean;
  error?: string;
  /** How the value reads when not editing (default: the value, or the placeholder in grey). */
  display?: (value: string) => React.ReactNode;
  className?: string;
  testId?: string;
  /** Checks a typed value before it is committed: a message refuses it, undefined accepts it. */
  validate?: (value: string) => string | undefined;
};

export function InlineEditCell({ label, value, onCommit, type = 'text', step, min, inputMode, placeholder, modified, error, display, className, testId, validate }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [refusal, setRefusal] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const cancelled = useRef(false);
  const hintId = useId();

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  }, [editing]);

  function start() {
    cancelled.current = false;
    setDraft(value);
    setRefusal(undefined);
    setEditing(true);
  }

  function commit() {
    if (cancelled.current) return;
    const message = draft !== value && validate ? validate(draft) : undefined;
    if (message) {
      setRefusal(message);
      inputRef.current?.focus();
      return;
    }
    setEditing(false);
    if (draft !== value) onCommit(draft);
  }

  if (editing) {
    return (
      <div>
        <input
          ref={inputRef}
          aria-label={label}
          data-testid={testId ? `${testId}-input` : undefined}
          className={clsx('w-full min-w-[5rem] rounded-md border bg-surface px-2 py-1 text-sm outline-none', refusal ? 'border-danger' : 'border-brand', className)}
          type={type}
          step={step}
          min={min}
          inputMode={inputMode}
          placeholder={placeholder}
          value={draft}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${hintId}-refusal` : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setRefusal(undefined);
          }}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              cancelled.current = true;
              setDraft(value);
              setRefusal(undefined);
              setEditing(false);
            }
          }}
        />
        {refusal ? (
          <p id={`${hintId}-refusal`} role="alert" className="mt-1 text-xs text-danger" data-testid={testId ? `${testId}-refusal` : undefined}>
            {refusal}
          </p>
        ) : null}
      </div>
    );
  }

  const shown = display ? display(value) : value;
  return (
    <div>
      {/* Named by what it shows ("Price: $3,687.20"), not the raw value ("3687.2"): a name that differs
          from the visible text fails WCAG 2.5.3 and confuses voice control. How to edit is its description. */}
      <div
        role="button"
        tabIndex={0}
        aria-describedby={hintId}
        title="Double-click to edit"
        data-testid={testId}
        data-modified={modified ? 'true' : undefined}
        onDoubleClick={start}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'F2') {
            e.preventDefault();
            start();
          }
        }}
        className={clsx(
          'relative min-h-[2rem] cursor-text rounded-md px-2 py-1 text-sm hover:bg-brand-soft/60',
          modified && 'bg-accent/10 ring-1 ring-accent/50',
          error && 'ring-1 ring-danger',
          className,
        )}
      >
        <span className="sr-only">{label}: </span>
        {value === '' ? <span className="text-muted italic">{placeholder ?? 'Empty'}</span> : shown}
        {modified ? <span className="sr-only"> (modified)</span> : null}
        {modified ? <span aria-hidden className="absolute right-1 top-1 h-1.5 w-1.5 rounded-full bg-accent" /> : null}
      </div>
      <span id={hintId} hidden>
        Double-click or press Enter to edit.
      </span>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
