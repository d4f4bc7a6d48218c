/**
 * The one button module, for every <button>, <Link> and form submit. Two looks, because the two
 * audiences differ: the storefront's pills (`buttonClasses`), the same on every shop screen
 * (catalogue, cart, checkout, orders, profile), and the back office's squarer, denser buttons
 * (`adminButtonClass`, `AdminButton`), which fit rows of tables.
 */
import clsx from 'clsx';
import { forwardRef } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'inverse' | 'danger' | 'danger-solid';
export type ButtonSize = 'sm' | 'md' | 'lg';

// The look of each storefront variant and size lives in app/globals.css (.btn, .btn-<variant>,
// .btn-<size>): buttons repeat on every card, and short class names keep the cached pages small.
/** Class names for a storefront button-looking element. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return clsx('btn', `btn-${variant}`, `btn-${size}`, className);
}

/** The back office's variants: primary (brand), secondary (outlined), danger and ghost. */
export type AdminButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type AdminButtonSize = 'sm' | 'md';

/** Class names for a back-office button-looking element (a link that acts as a button). */
export function adminButtonClass(variant: AdminButtonVariant = 'secondary', size: AdminButtonSize = 'md', className?: string) {
  return clsx(
    'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-lg font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50',
    size === 'sm' ? 'px-2.5 py-1 text-xs' : 'px-4 py-2 text-sm',
    variant === 'primary' && 'bg-brand text-white hover:bg-brand-dark',
    variant === 'secondary' && 'border border-line bg-surface text-ink hover:bg-brand-soft',
    variant === 'danger' && 'border border-danger/30 bg-surface text-danger hover:bg-danger hover:text-white',
    variant === 'ghost' && 'text-brand hover:bg-brand-soft',
    className,
  );
}

type AdminButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: AdminButtonVariant; size?: AdminButtonSize };

/** A back-office <button>; `type` defaults to "button" so that one inside a form never submits it by accident. */
export const AdminButton = forwardRef<HTMLButtonElement, AdminButtonProps>(function AdminButton(
  { variant = 'secondary', size = 'md', className, type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={adminButtonClass(variant, size, className)} {...rest} />;
});
