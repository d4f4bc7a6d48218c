'use client';
/**
 * Profile → Security → Signed-in devices (docs/accounts-and-security.md "Sessions"): every browser
 * and API token signed in to the account, with its device, address and when it was last active;
 * "Sign out" ends one other device at once, "Sign out all other devices" every other one. This
 * device is marked and is signed out with the page's Log out button instead.
 * The routes: DELETE /api/users/profile/sessions(/{id}).
 */
import { useState } from 'react';
import { formatDistanceStrict } from 'date-fns';
import { FormMessage } from '@/components/auth/field';
import { api, failureText } from '@/lib/api/client';
import type { UserSessionJson } from '@/lib/accounts/contracts';
import { linkButton, secondaryButton } from './section';

type Message = { kind: 'success' | 'error'; text: string } | null;

/** Within this of the page's time a device counts as active now (last activity is recorded every few minutes). */
const ACTIVE_NOW_MS = 5 * 60 * 1000;

/** "Active now", or "Last active 3 hours ago" measured from the time the page was rendered (`now`), so server and browser agree. */
function lastActive(session: UserSessionJson, now: string): string {
  const at = new Date(session.last_active_at);
  if (session.current || new Date(now).getTime() - at.getTime() < ACTIVE_NOW_MS) return 'Active now';
  return `Last active ${formatDistanceStrict(at, new Date(now), { addSuffix: true })}`;
}

export function SignedInDevices({ initial, now }: { initial: UserSessionJson[]; now: string }) {
  const [sessions, setSessions] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const others = sessions.filter((s) => !s.current);

  const signOut = async (session: UserSessionJson) => {
    setBusy(session.id);
    setMessage(null);
    try {
      await api.accounts.signOutSession(session.id);
      setSessions((list) => list.filter((s) => s.id !== session.id));
      setMessage({ kind: 'success', text: `Signed out ${session.device}.` });
    } catch (e) {
      setMessage({ kind: 'error', text: failureText(e, 'Could not sign that device out. Please try again.') });
    } finally {
      setBusy(null);
    }
  };

  const signOutOthers = async () => {
    setBusy('others');
    setMessage(null);
    try {
      const { message: text } = await api.accounts.signOutOtherSessions();
      setSessions((list) => list.filter((s) => s.current));
      setMessage({ kind: 'success', text });
    } catch (e) {
      setMessage({ kind: 'error', text: failureText(e, 'Could not sign the other devices out. Please try again.') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mt-6 border-t border-line pt-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-base font-semibold text-ink">Signed-in devices</h3>
          <p className="mt-1 text-sm text-muted">Where your account is signed in. Sign out any device you do not recognise, then change your password.</p>
        </div>
        {others.length > 0 && (
          <button type="button" className={secondaryButton} onClick={() => void signOutOthers()} disabled={busy !== null}>
            {busy === 'others' ? 'Signing out…' : 'Sign out all other devices'}
          </button>
        )}
      </div>
      <ul aria-label="Signed-in devices" className="mt-4 divide-y divide-line rounded-lg border border-line">
        {sessions.map((s) => (
          <li key={s.id} data-testid="signed-in-device" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="text-sm font-medium text-ink">
                {s.device}
                {s.kind === 'token' && <span className="ml-2 text-xs font-normal text-muted">API token</span>}
                {s.current && <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand">This device</span>}
              </p>
              <p className="mt-0.5 text-xs text-muted">
                {s.address ?? 'Address unknown'} · {lastActive(s, now)}
              </p>
            </div>
            {!s.current && (
              <button type="button" className={linkButton} onClick={() => void signOut(s)} disabled={busy !== null} aria-label={`Sign out ${s.device}, ${s.address ?? 'address unknown'}`}>
                {busy === s.id ? 'Signing out…' : 'Sign out'}
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-3">
        <FormMessage message={message} />
      </div>
    </div>
  );
}
