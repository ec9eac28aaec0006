/**
 * A failure the caller can act on, shared by our two servers (the portal and the print agent):
 * its status, message and field are sent as they are (`{message, field?}`, see
 * {@link setApiErrorHandler}); anything else that is thrown becomes a logged, generic 500.
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

  /** 400: the request's input is wrong; `field` names the input at fault. */
  static badRequest(message: string, field?: string): AppError {
    return new AppError(400, message, field);
  }

  /** 401: no live session, or one this request may not use. */
  static unauthorized(message: string, field?: string): AppError {
    return new AppError(401, message, field);
  }

  /** 403: the caller is known but may not do this. */
  static forbidden(message: string, field?: string): AppError {
    return new AppError(403, message, field);
  }

  /** 404: nothing the caller may see answers to this name or id. */
  static notFound(message: string, field?: string): AppError {
    return new AppError(404, message, field);
  }

  /** 409: the request clashes with the data's present state. */
  static conflict(message: string, field?: string): AppError {
    return new AppError(409, message, field);
  }

  /** 410: the thing existed and has expired (a label link). */
  static gone(message: string, field?: string): AppError {
    return new AppError(410, message, field);
  }

  /** 413: a body or file over its limit. */
  static tooLarge(message: string, field?: string): AppError {
    return new AppError(413, message, field);
  }

  /** 415: the store's set-up cannot serve this (e.g. no return address for labels). */
  static unsupported(message: string, field?: string): AppError {
    return new AppError(415, message, field);
  }

  /** 429: over a rate limit; `retryAfter` (seconds, as text) becomes the Retry-After header. */
  static tooMany(message: string, retryAfter: string): AppError {
    return new AppError(429, message, undefined, { 'retry-after': retryAfter });
  }

  /** 500: the service itself failed in a way the caller can act on (say where and why). */
  static internal(message: string, field?: string): AppError {
    return new AppError(500, message, field);
  }

  /** 502: a service the request depends on (the mail server) refused. */
  static badGateway(message: string, field?: string): AppError {
    return new AppError(502, message, field);
  }

  /** 503: something the request needs is not ready now (a stopped printer, CUPS down). */
  static unavailable(message: string, field?: string): AppError {
    return new AppError(503, message, field);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
