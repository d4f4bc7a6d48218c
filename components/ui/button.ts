/**
 * The storefront's pill buttons, shared by <button>, <Link> and form submits on every shop screen
 * (catalogue, cart, checkout, orders, profile), so every action in the shop matches. The back office
 * has its own squarer look in components/admin/button.tsx.
 */
import clsx from 'clsx';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'inverse' | 'danger' | 'danger-solid';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-dark disabled:hover:bg-brand',
  secondary: 'bg-brand-soft text-brand-dark hover:bg-[#d8e6dc]',
  outline: 'border border-line bg-surface text-ink hover:border-brand hover:text-brand-dark',
  ghost: 'text-ink hover:bg-brand-soft hover:text-brand-dark',
  inverse: 'bg-white text-brand-dark hover:bg-brand-soft',
  danger: 'border border-danger/40 bg-surface text-danger hover:bg-danger/5',
  'danger-solid': 'bg-danger text-white hover:bg-danger/90',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-7 text-base',
};

/** Class names for a button-looking element. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return clsx(base, variants[variant], sizes[size], className);
}
