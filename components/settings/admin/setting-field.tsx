/**
 * One System Settings field: the label is the key with underscores as spaces in upper case
 * (settingLabel); booleans get a checkbox, numbers a number input, keys with "email" an email
 * input, the rest text; the key's hint and its error underneath.
 */
import type { UseFormRegister } from 'react-hook-form';
import { SETTING_HELP, settingLabel } from '@/lib/settings/schemas';

const HINTS: Record<string, string> = SETTING_HELP;

type Props = {
  name: string;
  /** The stored value: its type picks the control. */
  value: string | number | boolean;
  error?: string;
  register: UseFormRegister<Record<string, unknown>>;
};

export function SettingField({ name, value, error, register }: Props) {
  const id = `setting-${name}`;
  const hint = HINTS[name];
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const checkbox = typeof value === 'boolean';
  // A checkbox's notes line up with its label, past the box.
  const notes = (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={checkbox ? 'mt-1 pl-7 text-xs text-muted' : 'mt-1 text-xs text-muted'}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={checkbox ? 'mt-1 pl-7 text-xs text-danger' : 'mt-1 text-xs text-danger'}>
          {error}
        </p>
      ) : null}
    </>
  );

  if (checkbox) {
    return (
      <div className="sm:col-span-2">
        <label htmlFor={id} className="flex items-center gap-3 text-sm">
          <input id={id} type="checkbox" className="h-4 w-4 accent-brand" aria-describedby={describedBy} {...register(name)} />
          <span className="text-xs font-semibold tracking-wide text-ink">{settingLabel(name)}</span>
        </label>
        {notes}
      </div>
    );
  }
  const number = typeof value === 'number';
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold tracking-wide text-ink">
        {settingLabel(name)}
      </label>
      <input
        id={id}
        type={number ? 'number' : name.includes('email') ? 'email' : name.endsWith('_url') ? 'url' : 'text'}
        step={number ? 'any' : undefined}
        min={number ? 0 : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink focus:border-brand aria-[invalid=true]:border-danger"
        {...register(name, number ? { valueAsNumber: true } : undefined)}
      />
      {notes}
    </div>
  );
}
