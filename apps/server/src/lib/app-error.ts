/**
 * A failure the caller can act on: its status and message are sent as they are
 * (`{message, field?}`). Anything else that is thrown becomes a generic 500.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
