/**
 * Labelled inputs for the account forms (login, sign-up, profile). Each input is tied to its
 * label and to its error message (aria-invalid, aria-describedby), so screen readers announce
 * both. Pass react-hook-form's register(...) result straight in: `ref` is a prop in React 19.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import clsx from 'clsx';

export const inputClass =
  'block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-ink shadow-sm transition placeholder:text-muted/70 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/25 aria-[invalid=true]:border-danger aria-[invalid=true]:focus:ring-danger/20 disabled:opacity-60 sm:text-sm';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  ref?: Ref<HTMLInputElement>;
  /** Rendered inside the input's box on the right (e.g. a show/hide button). */
  adornment?: ReactNode;
};

export function TextField({ label, error, hint, optional, adornment, className, id, ref, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-ink">
        {label}
        {optional && <span className="ml-1 font-normal text-muted">(optional)</span>}
      </label>
      <div className="relative">
        <input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={clsx(inputClass, adornment && 'pr-20')} {...input} />
        {adornment && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{adornment}</div>}
      </div>
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label on the right. */
export function CheckboxField({ label, ref, id, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; ref?: Ref<HTMLInputElement> }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="flex items-center gap-2">
      <input ref={ref} id={inputId} type="checkbox" className="size-4 rounded border-line accent-brand" {...input} />
      <label htmlFor={inputId} className="text-sm text-ink">
        {label}
      </label>
    </div>
  );
}

/** The primary button of a form; shows `busyLabel` while submitting. */
export function SubmitButton({ busy, children, busyLabel, className }: { busy: boolean; children: ReactNode; busyLabel?: string; className?: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      className={clsx(
        'inline-flex items-center justify-center rounded-lg bg-brand px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-70',
        className,
      )}
    >
      {busy ? (busyLabel ?? 'Please wait…') : children}
    </button>
  );
}

/** What a form's message line says, or null for none. */
export type FormMessageValue = { kind: 'success' | 'error'; text: string } | null;

/** A success (role=status) or error (role=alert) line under a form. */
export function FormMessage({ message }: { message: FormMessageValue }) {
  if (!message) return null;
  const success = message.kind === 'success';
  return (
    <p
      role={success ? 'status' : 'alert'}
      data-testid="form-message"
      className={clsx('rounded-lg px-3 py-2 text-sm', success ? 'bg-brand-soft text-brand-dark' : 'bg-danger/10 text-danger')}
    >
      {message.text}
    </p>
  );
}
