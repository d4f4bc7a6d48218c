/**
 * /login (spec §2 Login page): email or username and password, a link to /signup. Someone already
 * signed in goes straight on (admin → /admin, others → / or the safe `next` page). `reason=save`:
 * a visitor tapped a heart (components/saved/save-button.tsx) and is told why they are here.
 */
import type { Metadata } from 'next';
import { AuthPage, type AuthSearchParams } from '@/components/auth/auth-page';
import { LoginForm } from '@/components/auth/login-form';
import { pageMetadata } from '@/lib/storefront/page-metadata';
import { getStoreIdentity } from '@/lib/settings/queries';

export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: '/login', title: 'Log in', noindex: true });

export default async function LoginPage({ searchParams }: { searchParams: Promise<AuthSearchParams> }) {
  const params = await searchParams;
  return (
    <AuthPage params={params} title="Welcome back" intro="Log in to see your cart, your orders and your saved addresses." prompt={`New to ${(await getStoreIdentity()).storeName}?`} other={{ label: 'Sign up', path: '/signup' }}>
      {(next) => <LoginForm next={next} notice={params.registered === '1' ? 'Your account has been created. Please log in.' : params.reason === 'save' ? 'Log in to save this item: it will be in your saved items when you are back.' : undefined} />}
    </AuthPage>
  );
}
