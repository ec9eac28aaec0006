import type { FastifyRequest } from 'fastify';

/** The origin the client used, `http(s)://{Host}`, e.g. for links in e-mails. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? request.host}`;
}
