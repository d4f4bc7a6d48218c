'use client';
/**
 * Log Out: ends the next-auth session and returns to the home page (spec §2 Header, admin sidebar).
 * next-auth's client is loaded when the button is pressed, not with every cached storefront page
 * that shows the header.
 */
export function LogoutButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      className={className}
      onClick={async () => {
        const { signOut } = await import('next-auth/react');
        await signOut({ callbackUrl: '/' });
      }}
    >
      Logout
    </button>
  );
}
