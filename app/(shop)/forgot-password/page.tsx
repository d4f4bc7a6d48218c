/** /forgot-password — ask for a password reset link by e-mail (linked from the login page). */
import type { Metadata } from 'next';
import { AuthPage, type AuthSearchParams } from '@/components/auth/auth-page';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';

export const metadata: Metadata = { title: 'Forgot password', robots: { index: false } };

export default async function ForgotPasswordPage({ searchParams }: { searchParams: Promise<AuthSearchParams> }) {
  return (
    <AuthPage
      params={await searchParams}
      title="Forgot your password?"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
      prompt="Remembered it?"
      other={{ label: 'Log in', path: '/login' }}
    >
      {() => <ForgotPasswordForm />}
    </AuthPage>
  );
}
