import * as contracts from '@csp/contracts';
import type { Endpoint, HttpMethod } from '@csp/contracts';

/*
 * Every endpoint @csp/contracts exports, so the fetch stub can hold a test's fake answers to
 * the contract the real server is held to. Built once from the package's exports: a new
 * endpoint is covered without listing it here.
 */

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'] satisfies HttpMethod[];

function isEndpoint(value: unknown): value is Endpoint {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<Endpoint>;
  return (
    typeof candidate.method === 'string' &&
    METHODS.includes(candidate.method) &&
    typeof candidate.path === 'string' &&
    typeof candidate.summary === 'string' &&
    typeof candidate.response?.safeParse === 'function'
  );
}

interface ContractRoute {
  name: string;
  endpoint: Endpoint;
  pattern: RegExp;
  /** Literal segments win over `:param` ones (`/account/session` before `/:userAccountId/...`). */
  paramCount: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function toRoute(name: string, endpoint: Endpoint): ContractRoute {
  const parts = endpoint.path.split(/(:[A-Za-z0-9_]+)/);
  const source = parts.map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)));
  return {
    name,
    endpoint,
    pattern: new RegExp(`^${source.join('')}$`),
    paramCount: parts.filter((part) => part.startsWith(':')).length,
  };
}

const ROUTES: readonly ContractRoute[] = Object.entries(contracts as Record<string, unknown>)
  .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
  .map(([name, endpoint]) => toRoute(name, endpoint))
  .sort((a, b) => a.paramCount - b.paramCount);

/** The contract endpoint a call asks for (by method and path), with its export name. */
export function findContractEndpoint(
  method: string,
  pathname: string,
): { name: string; endpoint: Endpoint } | undefined {
  const route = ROUTES.find((r) => r.endpoint.method === method && r.pattern.test(pathname));
  return route && { name: route.name, endpoint: route.endpoint };
}

/** Every contract endpoint, for the stub's own test. */
export function contractEndpointCount(): number {
  return ROUTES.length;
}
