/**
 * What an overloaded catalogue says, shared by the server (lib/catalog/read/read-guard.ts
 * BusyError) and the storefront's error boundary (app/(shop)/error.tsx). Pure, browser-safe.
 */

export const BUSY_MESSAGE = 'The catalogue is busy right now. Please try again in a moment.';

/** Seconds a refused shopper, client or crawler is asked to wait (`Retry-After`), API and pages alike. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * The digest a BusyError carries. Next.js keeps a server error's own `digest` when it hands the
 * error to an error boundary (a production build strips the message but not the digest), so the
 * boundary can tell "busy" from a fault and show BUSY_MESSAGE instead of "Something went wrong".
 */
export const BUSY_DIGEST = 'CATALOGUE_BUSY';

/** Whether an error handed to an error boundary is the catalogue's BusyError. */
export const isBusyDigest = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { digest?: unknown }).digest === BUSY_DIGEST;
