/**
 * A list that could not be loaded again (the cart, the orders): the message and Try again — except
 * after a 401, when the browser is already on its way to the login page (lib/api/client.ts).
 */
import { SESSION_EXPIRED } from '@/lib/api/client';
import { buttonClasses } from './button';

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-card border border-danger/30 bg-danger/5 p-6 text-danger">
      <p className="font-medium">{message}</p>
      {message !== SESSION_EXPIRED && (
        <button type="button" onClick={onRetry} className={buttonClasses('danger', 'sm', 'mt-4')}>
          Try again
        </button>
      )}
    </div>
  );
}
