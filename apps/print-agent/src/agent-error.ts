import { HttpError } from '@csp/contracts';

/**
 * A failure the caller can act on: its status and message are sent as they are
 * (`{message, field?}`, as the portal's API does). Anything else thrown becomes a logged 500.
 */
export class AgentError extends HttpError {
  override name = 'AgentError';
}

export function isAgentError(error: unknown): error is AgentError {
  return error instanceof AgentError;
}
