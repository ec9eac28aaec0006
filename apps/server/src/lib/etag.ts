import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong entity tag of these exact bytes. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** Whether If-None-Match names `etag` (weak comparison, as RFC 9110 asks for it, or `*`). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Answers `body` serialised by the route's own response schema (so the bytes are the ones a
 * 200 sends), with a strong ETag over them; a 304 without a body when the client has them.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): FastifyReply {
  // A schema serializer always yields text; the union is reply.serialize's general type.
  const payload = String(reply.serialize(body));
  reply.type('application/json; charset=utf-8');
  return sendBytesWithEtag(request, reply, payload);
}

/** Answers these bytes (type already set) with a strong ETag; a 304 when the client has them. */
export function sendBytesWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  bytes: string | Buffer,
): FastifyReply {
  const etag = strongEtag(bytes);
  reply.header('etag', etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  return reply.send(bytes);
}
