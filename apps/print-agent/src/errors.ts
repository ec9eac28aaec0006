import type { FastifyInstance, FastifyReply } from 'fastify';
import { noEndpointMessage, sendApiError, type ApiError } from '@csp/contracts';
import { setApiErrorHandler } from '@csp/http-kit';

export const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred in the print service.';

/** Fastify's client errors the print service words its own way (besides the shared ones). */
const CLIENT_ERRORS: Record<string, ApiError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    message: 'The request body is too large: the print service takes no body.',
  },
};

/**
 * Every error leaves as JSON `{message, field?}`, the portal API's shape (the shared
 * {@link setApiErrorHandler}): validation failures name the offending query field, AppErrors
 * keep their status, anything unexpected is logged and becomes a 500 whose message leaks nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  setApiErrorHandler(app, {
    genericMessage: GENERIC_ERROR_MESSAGE,
    clientErrors: CLIENT_ERRORS,
    onAppError: (error, request) => {
      // A label that does not come out is what the clerk asks about: keep why in the log.
      if (error.statusCode >= 500) request.log.warn({ status: error.statusCode }, error.message);
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return send(reply, 404, { message: noEndpointMessage(request.method, path) });
  });
}

export function send(reply: FastifyReply, status: number, body: ApiError): FastifyReply {
  return sendApiError(reply, status, body);
}
