import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { sendApiError, validationFailure, type ApiError } from '@csp/contracts';
import { isAppError, type AppError } from './app-error.ts';

/** Fastify's client errors worded the same by every server (each may add or reword). */
const SHARED_CLIENT_ERRORS: Readonly<Record<string, ApiError>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: 'This content type is not supported.' },
};

/** What a server words itself in its error answers; the rest is the same for every server. */
export interface ErrorAnswers {
  /** The 500 message of anything unexpected: it names no internals. */
  genericMessage: string;
  /**
   * Fastify's own client errors (by code) answered with our words instead of Fastify's, besides
   * (or instead of) the shared ones.
   */
  clientErrors: Readonly<Record<string, ApiError>>;
  /** Sees each {@link AppError} before it is answered (e.g. to log the ones a clerk asks about). */
  onAppError?: (error: AppError, request: FastifyRequest) => void;
  /**
   * Errors of the server's own kinds (e.g. its database's), tried after the request's own
   * mistakes and before Fastify's client errors: the sent reply, or undefined to pass.
   */
  answerKnown?: (
    error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => FastifyReply | undefined;
}

/**
 * Sets the error handler of a server whose every error leaves as JSON `{message, field?}`:
 * {@link AppError}s keep their status, field and headers, validation failures name the first
 * offending field, Fastify's client errors keep their 4xx status, and anything unexpected
 * becomes a logged 500 with the generic message, so internals never leak.
 */
export function setApiErrorHandler(app: FastifyInstance, answers: ErrorAnswers): void {
  const clientErrors = { ...SHARED_CLIENT_ERRORS, ...answers.clientErrors };
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      answers.onAppError?.(error, request);
      reply.headers(error.headers);
      return sendApiError(reply, error.statusCode, { message: error.message, field: error.field });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendApiError(
        reply,
        400,
        validationFailure(error.validation[0], error.validationContext),
      );
    }
    const known = answers.answerKnown?.(error, request, reply);
    if (known) return known;
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendApiError(reply, status, clientErrors[error.code] ?? { message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return sendApiError(reply, 500, { message: answers.genericMessage });
  });
}
