'use client';
/** A password input with a Show/Hide toggle (spec §2 Login page). */
import { useState } from 'react';
import { TextField } from './field';

type Props = Omit<Parameters<typeof TextField>[0], 'type' | 'adornment'>;

export function PasswordField(props: Props) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      adornment={
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          aria-pressed={shown}
          className="rounded-md px-2.5 py-1.5 text-xs font-semibold text-brand hover:bg-brand-soft"
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
