/**
 * The storefront's pill buttons, shared by <button>, <Link> and form submits on every shop screen
 * (catalogue, cart, checkout, orders, profile), so every action in the shop matches. The back office
 * has its own squarer look in components/admin/button.tsx.
 */
import clsx from 'clsx';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'inverse' | 'danger' | 'danger-solid';
export type ButtonSize = 'sm' | 'md' | 'lg';

// The look of each variant and size lives in app/globals.css (.btn, .btn-<variant>, .btn-<size>):
// buttons repeat on every card, and short class names keep the cached pages small.
/** Class names for a button-looking element. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return clsx('btn', `btn-${variant}`, `btn-${size}`, className);
}
