/**
 * The one typed error of the service layer. Doors (route handlers, pages) map `code` to an HTTP
 * status through STATUS; every error answers `{ message, code }` (docs/architecture.md "Route handlers are thin").
 */
export const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  payment_failed: 402,
  provider_error: 502,
  /** Overloaded for now (the catalogue's bounded reads, lib/catalog/read/read-guard.ts): answered with Retry-After. */
  busy: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra JSON fields for the response body (e.g. field errors). */
    readonly details?: Record<string, unknown>,
    /** Seconds after which the client may try again: sent as `Retry-After` (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new AppError('bad_request', message, details);
export const unauthorized = (message = 'Please log in to continue.') => new AppError('unauthorized', message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('forbidden', message);
export const notFound = (message = 'Not found.') => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const rateLimited = (message: string) => new AppError('rate_limited', message);
