/**
 * A failure the caller can act on: its status and message are sent as they are
 * (`{message, field?}`, as the portal's API does). Anything else thrown becomes a logged 500.
 */
export class AgentError extends Error {
  override name = 'AgentError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export function isAgentError(error: unknown): error is AgentError {
  return error instanceof AgentError;
}
