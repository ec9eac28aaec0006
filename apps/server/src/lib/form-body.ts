import type { FastifyInstance } from 'fastify';

/**
 * Lets the routes of `scope` take an HTML form's post (application/x-www-form-urlencoded) as a
 * body of fields, the last of a repeated name winning: what a browser posts to the SAML
 * assertion consumer, an LTI login initiation and launch, a deep-linking answer. Scoped, so the
 * JSON API never parses forms. `limit` bounds the body (bytes).
 */
export function acceptFormBodies(scope: FastifyInstance, limit: number): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: limit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
