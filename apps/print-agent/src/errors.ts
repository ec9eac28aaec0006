import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { noEndpointMessage, sendApiError, validationFailure, type ApiError } from '@csp/contracts';
import { isAgentError } from './agent-error.ts';

export const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred in the print service.';

/** Fastify's own client errors whose text is safe and useful to show as it is. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large: the print service takes no body.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
};

/**
 * Every error leaves as JSON `{message, field?}`, the portal API's shape: validation failures
 * name the offending query field, {@link AgentError}s keep their status, anything unexpected
 * is logged and becomes a 500 whose message leaks nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAgentError(error)) {
      // A label that does not come out is what the clerk asks about: keep why in the log.
      if (error.statusCode >= 500) request.log.warn({ status: error.statusCode }, error.message);
      return send(reply, error.statusCode, { message: error.message, field: error.field });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, validationFailure(error.validation[0], error.validationContext));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, { message: CLIENT_ERROR_MESSAGES[error.code] ?? error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { message: GENERIC_ERROR_MESSAGE });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return send(reply, 404, { message: noEndpointMessage(request.method, path) });
  });
}

export function send(reply: FastifyReply, status: number, body: ApiError): FastifyReply {
  return sendApiError(reply, status, body);
}
