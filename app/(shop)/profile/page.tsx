/**
 * /profile (spec §2 Profile): Basic Information, Contacts, Delivery Addresses, Payment Methods,
 * Change Password, Security (two-factor sign-in, passkeys and the signed-in devices,
 * docs/accounts-and-security.md "Two-factor sign-in", "Passkeys", "Sessions"; where the back office
 * sends staff who must set up two-factor sign-in first), Email preferences (marketing consent,
 * docs/mail.md "Marketing e-mail") and Privacy (docs/accounts-and-security.md "A customer's own data"). Rendered on the server from
 * the service layer; the small client forms inside
 * change things through the REST API. Visitors see "Please log in to view your profile".
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { LogoutButton } from '@/components/auth/logout-button';
import { AddressesSection } from '@/components/profile/addresses-section';
import { BasicInfoForm } from '@/components/profile/basic-info-form';
import { ChangePasswordForm } from '@/components/profile/change-password-form';
import { ContactsSection } from '@/components/profile/contacts-section';
import { PaymentMethodsSection } from '@/components/profile/payment-methods-section';
import { PrivacySection } from '@/components/profile/privacy-section';
import { MarketingSection } from '@/components/profile/marketing-section';
import { getMarketingConsent } from '@/lib/accounts/marketing-consent';
import { ProfileSection } from '@/components/profile/section';
import { SignedInDevices } from '@/components/profile/signed-in-devices';
import { TwoFactorSection } from '@/components/profile/two-factor-section';
import { PasskeysSection } from '@/components/profile/passkeys-section';
import { NewRecoveryCodes } from '@/components/profile/recovery-codes';
import { listPasskeys } from '@/lib/accounts/passkeys';
import { listAddresses } from '@/lib/accounts/addresses';
import { listContacts } from '@/lib/accounts/contacts';
import { getProfile } from '@/lib/accounts/profile';
import { twoFactorStatus } from '@/lib/accounts/two-factor';
import { listSessions } from '@/lib/accounts/user-sessions';
import { currentUser } from '@/lib/auth/current-user';
import { pageMetadata } from '@/lib/storefront/page-metadata';

export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: '/profile', title: 'Your profile', noindex: true });
export const dynamic = 'force-dynamic';

const SECTIONS = [
  ['basic-information', 'Basic Information'],
  ['contacts', 'Contacts'],
  ['addresses', 'Delivery Addresses'],
  ['payment-methods', 'Payment Methods'],
  ['change-password', 'Change Password'],
  ['security', 'Security'],
  ['email-preferences', 'Email preferences'],
  ['privacy', 'Privacy'],
] as const;

export default async function ProfilePage() {
  const user = await currentUser();
  if (!user) {
    return (
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col items-center px-4 py-16 text-center">
        <h1 className="font-display text-3xl text-ink">Your profile</h1>
        <p className="mt-4 text-muted">Please log in to view your profile</p>
        <Link href="/login?next=%2Fprofile" className="mt-6 inline-flex rounded-lg bg-brand px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-dark">
          Log in
        </Link>
        <p className="mt-4 text-sm text-muted">
          New here?{' '}
          <Link href="/signup?next=%2Fprofile" className="font-semibold text-brand underline-offset-4 hover:underline">
            Create an account
          </Link>
        </p>
      </div>
    );
  }

  const [profile, addresses, contacts, twoFactor, sessions, consent, passkeys] = await Promise.all([getProfile(user.id), listAddresses(user.id), listContacts(user.id), twoFactorStatus(user.id), listSessions(user), getMarketingConsent(user.id), listPasskeys(user.id)]);
  const renderedAt = new Date().toISOString();
  const displayName = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.user_name;

  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl text-ink sm:text-4xl">Your profile</h1>
          <p className="mt-2 text-sm text-muted">
            Kia ora, {displayName}. Signed in as <span className="font-medium text-ink">{profile.user_name}</span>.
          </p>
        </div>
        <LogoutButton className="rounded-lg border border-line bg-surface px-4 py-2 text-sm font-medium text-ink hover:border-brand hover:text-brand" />
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[13rem_1fr]">
        <nav aria-label="Profile sections" className="-mx-4 overflow-x-auto px-4 pb-1 lg:sticky lg:top-24 lg:mx-0 lg:self-start lg:overflow-visible lg:px-0">
          <ul className="flex gap-2 lg:flex-col lg:gap-1">
            {SECTIONS.map(([id, label]) => (
              <li key={id} className="shrink-0">
                <a href={`#${id}`} className="block whitespace-nowrap rounded-full border border-line bg-surface px-3.5 py-1.5 text-sm text-muted hover:border-brand hover:text-ink lg:whitespace-normal lg:rounded-lg lg:border-transparent lg:bg-transparent lg:px-3 lg:py-2 lg:hover:bg-surface">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="min-w-0 space-y-6">
          <ProfileSection id="basic-information" title="Basic Information" description="Your username and email are used to log in.">
            <BasicInfoForm profile={profile} />
          </ProfileSection>
          <ContactsSection initialContacts={contacts} />
          <AddressesSection initialAddresses={addresses} />
          <div id="payment-methods" className="scroll-mt-24 rounded-[var(--radius-card)] border border-line bg-surface p-5 shadow-sm sm:p-6">
            <PaymentMethodsSection />
          </div>
          <ProfileSection id="change-password" title="Change Password">
            <ChangePasswordForm />
          </ProfileSection>
          <ProfileSection id="security" title="Security" description="Two-factor sign-in: a code from your phone or a passkey as well as your password.">
            {user.mustEnrolTwoFactor && (
              <p role="status" className="mb-5 rounded-lg border border-brand/40 bg-brand/5 p-3 text-sm text-ink">
                <span className="font-medium">Set up two-factor sign-in to open the back office.</span> The shop asks staff to sign in with an authenticator app or a passkey as well as their password. Set up either below, then go to the{' '}
                <Link href="/admin" className="font-medium text-brand underline-offset-4 hover:underline">
                  back office
                </Link>
                .
              </p>
            )}
            <div className="space-y-8">
              <div>
                <h3 className="mb-3 text-base font-semibold text-ink">Authenticator app</h3>
                <TwoFactorSection enabled={twoFactor.enabled} recoveryCodesLeft={twoFactor.recoveryCodesLeft} />
              </div>
              <div>
                <h3 className="mb-3 text-base font-semibold text-ink">Passkeys</h3>
                <PasskeysSection initialPasskeys={passkeys} />
              </div>
              {(twoFactor.enabled || passkeys.length > 0) && (
                <div>
                  <h3 className="mb-3 text-base font-semibold text-ink">Recovery codes</h3>
                  <NewRecoveryCodes codesLeft={twoFactor.recoveryCodesLeft} showCount={!twoFactor.enabled} />
                </div>
              )}
            </div>
            <SignedInDevices initial={sessions} now={renderedAt} />
          </ProfileSection>
          <MarketingSection initialConsent={consent.marketing_consent} />
          <PrivacySection isAdmin={profile.is_admin} />
        </div>
      </div>
    </div>
  );
}
