'use client';
/** Log Out: ends the next-auth session and returns to the home page (spec §2 Header, admin sidebar). */
import { signOut } from 'next-auth/react';

export function LogoutButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={() => signOut({ callbackUrl: '/' })}>
      Logout
    </button>
  );
}
