/**
 * Buttons of the back office, in four variants: primary (brand), secondary (outlined), danger and
 * ghost. `adminButtonClass` gives the same look to links.
 */
import clsx from 'clsx';
import { forwardRef } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

export function adminButtonClass(variant: ButtonVariant = 'secondary', size: ButtonSize = 'md', className?: string) {
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

type Props = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export const AdminButton = forwardRef<HTMLButtonElement, Props>(function AdminButton(
  { variant = 'secondary', size = 'md', className, type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={adminButtonClass(variant, size, className)} {...rest} />;
});
