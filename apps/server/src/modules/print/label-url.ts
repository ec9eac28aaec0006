import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fillPath, RENTAL_LABEL_PATH, RENTAL_LABEL_VALID_DAYS } from '@csp/contracts';
import type { Config } from '../../config.ts';
import { requireWebsite } from '../../lib/request-context.ts';
import { websiteOrigin } from '../../lib/website-origin.ts';

const DAY_MS = 86_400_000;

/** 32 random bytes: the URL is the only key to the label, so it must not be guessable. */
export function newLabelToken(): string {
  return randomBytes(32).toString('base64url');
}

/** When a label printed `now` stops answering. */
export function labelExpiry(now: Date): Date {
  return new Date(now.getTime() + RENTAL_LABEL_VALID_DAYS * DAY_MS);
}

/** Builds absolute label URLs for the request's website. */
export type LabelUrl = (token: string) => string;

/**
 * Label URLs are absolute: the web app opens them in a new tab and the local print service
 * fetches them, neither relative to the page. The origin is the website's configured one
 * (as in e-mailed links), never the request's Host header as sent.
 */
export function labelUrlFor(request: FastifyRequest, config: Config): LabelUrl {
  const origin = websiteOrigin(requireWebsite(request), config);
  return (token) => `${origin}${fillPath(RENTAL_LABEL_PATH, { token })}`;
}
