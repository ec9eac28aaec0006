import { HttpError } from '@csp/contracts';

/**
 * A failure the caller can act on: its status and message are sent as they are
 * (`{message, field?}`). Anything else that is thrown becomes a generic 500. The print agent's
 * AgentError is the same {@link HttpError}.
 */
export class AppError extends HttpError {
  override name = 'AppError';
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
