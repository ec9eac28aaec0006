import type { FastifyRequest } from 'fastify';
import { websiteSearchString } from '@csp/contracts';
import type { websites } from '../db/schema/index.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from './session.ts';

/**
 * What the tenancy and auth plugins attach to a request, and how handlers read it. It lives in
 * lib/ because both the plugins (which set it) and every module's routes (which read it) need
 * it: modules never import plugin files.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** The website of the request's Host (docs/behaviour/calls.md#host-rule); null for an unknown host. */
    website: Website | null;
    /** The signed-in caller, or null: set by the auth hook on routes whose contract says `auth: true`. */
    signedIn: Session | null;
    /**
     * The signed-in caller. Reading it where no one signed in (a route without `auth: true`)
     * answers 401 "Sign in to continue.", so a handler never checks for null itself.
     */
    readonly session: Session;
  }
}

export type Website = typeof websites.$inferSelect;

export const AUTH_MESSAGES = {
  missing: 'Sign in to continue.',
  expired: 'Your session has expired. Sign in again.',
  ended: 'Your session has ended. Sign in again.',
  otherStore: "This session belongs to another store's website. Sign in again.",
  notYourAccount: 'You can only act as your own account.',
} as const;

/** The request's host as the website lookup wants it (docs/behaviour/calls.md#host-rule). */
export function hostSearchString(request: FastifyRequest): string {
  return websiteSearchString(request.headers.host ?? '');
}

/** The request's website, or a 404 naming the host when none is configured for it. */
export function requireWebsite(request: FastifyRequest): Website {
  if (request.website) return request.website;
  throw AppError.notFound(`No website is configured for ${hostSearchString(request)}.`);
}

/** The getter behind `request.session` (plugins/auth.ts declares it). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.signedIn) throw AppError.unauthorized(AUTH_MESSAGES.missing);
  return request.signedIn;
}
