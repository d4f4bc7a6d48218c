'use client';
/**
 * Profile → Email preferences (docs/mail.md "Marketing e-mail"): the marketing-consent box, saved
 * the moment it is ticked or unticked (PUT /api/users/profile/marketing-consent) — withdrawing is
 * one click. Order and account e-mails are not marketing and always come.
 */
import { useState } from 'react';
import { MARKETING_CONSENT_WORDING } from '@/lib/accounts/marketing-consent-wording';
import { api, failureText } from '@/lib/api/client';
import { ProfileSection } from './section';

export function MarketingSection({ initialConsent }: { initialConsent: boolean }) {
  const [consent, setConsent] = useState(initialConsent);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function change(next: boolean) {
    setBusy(true);
    setMessage(null);
    try {
      const res = await api.accounts.setMarketingConsent({ marketing_consent: next });
      setConsent(res.marketing_consent);
      setMessage({ kind: 'success', text: res.marketing_consent ? 'Thanks — we will e-mail you ideas, offers and reminders.' : 'Done — you will get no more marketing e-mails from us.' });
    } catch (e) {
      setMessage({ kind: 'error', text: failureText(e, 'Your choice could not be saved. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ProfileSection id="email-preferences" title="Email preferences" description="Order and account e-mails always come. Everything else is up to you.">
      <div className="flex items-start gap-2.5">
        <input id="profile-marketing-consent" type="checkbox" className="mt-0.5 size-4 shrink-0 rounded border-line accent-brand" checked={consent} disabled={busy} onChange={(e) => void change(e.target.checked)} />
        <label htmlFor="profile-marketing-consent" className="text-sm text-ink">
          {MARKETING_CONSENT_WORDING}
        </label>
      </div>
      <p role="status" className={message ? `mt-3 text-sm ${message.kind === 'success' ? 'text-success' : 'text-danger'}` : 'sr-only'}>
        {message?.text ?? ''}
      </p>
    </ProfileSection>
  );
}
