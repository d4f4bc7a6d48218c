/**
 * Button looks for the cart, orders and checkout screens — the same pill buttons as the rest of the
 * storefront (components/ui/button.ts there), so every action in the shop matches.
 */
import clsx from 'clsx';

export type Variant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type Size = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

const variants: Record<Variant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-dark disabled:hover:bg-brand',
  secondary: 'bg-brand-soft text-brand-dark hover:bg-[#d8e6dc]',
  outline: 'border border-line bg-surface text-ink hover:border-brand hover:text-brand-dark',
  ghost: 'text-ink hover:bg-brand-soft hover:text-brand-dark',
  danger: 'border border-danger/40 bg-surface text-danger hover:bg-danger/5',
};

const sizes: Record<Size, string> = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-7 text-base',
};

/** Class names for a button-looking element. */
export function btn(variant: Variant = 'primary', size: Size = 'md', className?: string): string {
  return clsx(base, variants[variant], sizes[size], className);
}

/** A white card on the canvas. */
export const card = 'rounded-card border border-line bg-surface';

/** Text inputs and selects. */
export const field =
  'block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-ink placeholder:text-muted/70 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/20 disabled:cursor-not-allowed disabled:bg-canvas disabled:text-muted aria-[invalid=true]:border-danger';
