import type { FastifyRequest } from 'fastify';
import { SAML_BASE } from '@csp/contracts';
import { SAML_SESSION_COOKIE } from './saml-session.ts';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export function sessionCookie(
  request: FastifyRequest,
  value: string,
  maxAgeSeconds: number,
): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${SAML_SESSION_COOKIE}=${value}; Path=${SAML_BASE}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === 'string') fields[key] = value;
    }
  }
  return fields;
}

export function rawQuery(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index < 0 ? '' : request.url.slice(index + 1);
}
