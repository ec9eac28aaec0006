import { apiError, validationField, validationMessage, type ApiError } from './errors.ts';

/** One failed check of a request schema, as Fastify's validator reports it. */
export interface ValidationIssue {
  instancePath?: string;
  keyword: string;
  message?: string;
}

/** The 400 body of a request that fails its schema: the first failure, naming its field. */
export function validationFailure(
  first: ValidationIssue | undefined,
  context: string | undefined,
): ApiError {
  const field = validationField(first?.instancePath ?? '', context ?? 'request');
  const message = first ? validationMessage(first.keyword, first.message ?? '', field) : 'invalid';
  return { message: `${field}: ${message}`, field };
}

/** The 404 message of a request no route takes. */
export const noEndpointMessage = (method: string, path: string) =>
  `There is no endpoint ${method} ${path}.`;

/** The response schemas of a route's error statuses: `{message, field?}` for each. */
export function errorResponses(statuses: Iterable<number>): Record<number, typeof apiError> {
  const response: Record<number, typeof apiError> = {};
  for (const status of statuses) response[status] = apiError;
  return response;
}

/** The part of a server's reply an error is sent through (Fastify's reply has it). */
export interface ErrorReply<R> {
  code(status: number): R;
  type(contentType: string): R;
  send(payload: unknown): R;
}

/** Sends `{message, field?}` as JSON, leaving out a field that is not known. */
export function sendApiError<R extends ErrorReply<R>>(reply: R, status: number, body: ApiError): R {
  const payload: ApiError = body.field ? body : { message: body.message };
  return reply.code(status).type('application/json; charset=utf-8').send(payload);
}
