/**
 * /signup (spec §2 Sign Up page): username, email, password, confirm password; a link to /login.
 * Someone already signed in goes straight on.
 */
import type { Metadata } from 'next';
import { AuthPage, type AuthSearchParams } from '@/components/auth/auth-page';
import { SignupForm } from '@/components/auth/signup-form';
import { pageMetadata } from '@/lib/storefront/page-metadata';

export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: '/signup', title: 'Sign up', noindex: true });

export default async function SignupPage({ searchParams }: { searchParams: Promise<AuthSearchParams> }) {
  return (
    <AuthPage
      params={await searchParams}
      title="Create your account"
      intro="Save your favourite pieces to a cart, check out quickly and follow your deliveries."
      prompt="Already have an account?"
      other={{ label: 'Log in', path: '/login' }}
    >
      {(next) => <SignupForm next={next} />}
    </AuthPage>
  );
}
