'use client';
/** The unsubscribe page's one button: POST /api/unsubscribe with the link's signed token; takes effect at once. */
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { api, serverMessage } from '@/lib/api/client';

export function UnsubscribeButton({ token }: { token: string }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function unsubscribe() {
    setState('busy');
    setError(null);
    try {
      await api.accounts.unsubscribe(token);
      setState('done');
    } catch (e) {
      setError(serverMessage(e) ?? 'Could not unsubscribe. Please try again.');
      setState('idle');
    }
  }

  if (state === 'done') {
    return (
      <p role="status" className="mt-4 rounded-lg bg-success/10 px-4 py-3 text-sm text-success" data-testid="unsubscribe-done">
        Done: you will get no more marketing e-mails from us.
      </p>
    );
  }
  return (
    <>
      <button type="button" className={buttonClasses('primary', 'md', 'mt-5')} disabled={state === 'busy'} onClick={() => void unsubscribe()}>
        Unsubscribe
      </button>
      <p role="status" className={error ? 'mt-3 text-sm text-danger' : 'sr-only'}>
        {error ?? ''}
      </p>
    </>
  );
}
