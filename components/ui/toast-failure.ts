/**
 * The back office's report of a failed action: one error toast in the screen's own words, with
 * the server's reason (a 4xx message, or the session-expired text) underneath when it gave one.
 */
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api/client';

/**
 * Logs `e` and toasts `message`; the description is errorMessage(e) (empty for a 5xx or no answer).
 * Returns nothing and never throws.
 */
export function toastFailure(message: string, e: unknown): void {
  console.error(`[admin] ${message}`, e);
  toast.error(message, { description: errorMessage(e, '') || undefined });
}
