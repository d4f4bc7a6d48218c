'use client';
/**
 * Add-to-cart control for product cards and the product page (spec §5 Add-to-cart).
 * Seam owned by the buying work: visitors see a disabled control reading "Login to Add".
 */
export type AddToCartProps = { productId: number; stock: number; signedIn: boolean; compact?: boolean };

export function AddToCart({ signedIn }: AddToCartProps) {
  return (
    <button type="button" disabled={!signedIn} className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white disabled:cursor-not-allowed disabled:opacity-60">
      {signedIn ? 'Add to Cart' : 'Login to Add'}
    </button>
  );
}
