'use client';
/**
 * The home page's account buttons (spec §2 Home): Login and Sign Up for visitors, Log Out otherwise.
 * The viewer comes from the browser (components/site/viewer.tsx), so the home page stays cached;
 * until it is known the band greets a visitor.
 */
import Link from 'next/link';
import clsx from 'clsx';
import { LogoutButton } from '@/components/auth/logout-button';
import { useViewer } from '@/components/site/viewer';
import { buttonClasses } from '@/components/ui/button';

export function AccountBand() {
  const userName = useViewer().viewer?.userName ?? null;
  return (
    <section aria-labelledby="account-title" className="my-10 rounded-[1.25rem] bg-brand px-6 py-10 text-white sm:px-10">
      <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="account-title" className="font-display text-2xl sm:text-3xl">
            {userName ? `Good to see you, ${userName}` : 'Make yourself at home'}
          </h2>
          <p className="mt-2 max-w-xl text-white/85">
            {userName
              ? 'Your cart and orders are saved to your account, on every device.'
              : 'Create an account to keep a cart, check out faster and follow your delivery.'}
          </p>
        </div>
        <div className="flex shrink-0 gap-3">
          {userName ? (
            <LogoutButton className={clsx(buttonClasses('inverse', 'lg'))} />
          ) : (
            <>
              <Link href="/login" className={clsx(buttonClasses('outline', 'lg'), 'border-white/60 bg-transparent text-white hover:border-white hover:text-white hover:bg-white/10')}>
                Login
              </Link>
              <Link href="/signup" className={buttonClasses('inverse', 'lg')}>
                Sign Up
              </Link>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
