/** /reset-password?token=… — choose a new password from an e-mailed reset link. */
import type { Metadata } from 'next';
import { AuthPage, type AuthSearchParams } from '@/components/auth/auth-page';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';

export const metadata: Metadata = { title: 'Choose a new password', robots: { index: false } };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<AuthSearchParams> }) {
  const params = await searchParams;
  const token = typeof params.token === 'string' ? params.token : '';
  return (
    <AuthPage params={params} title="Choose a new password" intro="Your new password signs you out everywhere else." prompt="Need a new link?" other={{ label: 'Ask again', path: '/forgot-password' }}>
      {() => (token ? <ResetPasswordForm token={token} /> : <p className="text-sm text-danger">This password reset link is incomplete. Please open the link from the e-mail again, or ask for a new one.</p>)}
    </AuthPage>
  );
}
