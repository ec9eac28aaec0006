import { vi } from 'vitest';
import { DYMO_SERVICE_PATH } from '@csp/dymo';
import { jsonSuccessStatuses, type Endpoint } from '@csp/contracts';
import type { z } from 'zod';
import { findContractEndpoint } from './contract-endpoints.ts';

export interface StubRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

type Handler = (request: StubRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A success of `endpoint` answering `body`, typed by the contract: a fixture that drifts from
 * the contract fails to compile instead of only failing at run time.
 */
export function answer<R extends z.ZodType>(
  endpoint: Endpoint<z.ZodType, z.ZodType, z.ZodType, R>,
  body: z.input<R>,
  status: 200 | 201 | 202 = 200,
): Response {
  return json(status, body);
}

const offContractAnswers = new WeakSet<Response>();

/**
 * Marks an answer that breaks the contract on purpose (a test of how the app copes with a
 * server that does), so the stub lets it through instead of failing the test.
 */
export function offContract(response: Response): Response {
  offContractAnswers.add(response);
  return response;
}

/*
 * Calls that break the contract: a call to no contract endpoint, or a 2xx JSON answer its
 * endpoint's response schema refuses. The stub rejects the fetch, but the app may turn that
 * into an error message a test does not look at, so setup.ts also fails the test at its end.
 */
const violations: Error[] = [];

/** The contract violations seen since the last call, cleared. */
export function takeContractViolations(): Error[] {
  return violations.splice(0);
}

function violation(message: string): Error {
  const error = new Error(message);
  violations.push(error);
  return error;
}

/**
 * The calls the app makes that are no endpoint of the contracts, on purpose: DYMO Connect, the
 * label printer vendor's service on the workstation (its API is DYMO's, driven by @csp/dymo).
 */
const NON_CONTRACT_PATHS: readonly string[] = [`${DYMO_SERVICE_PATH}/`];

const isNonContractCall = (pathname: string) =>
  NON_CONTRACT_PATHS.some((prefix) => pathname.startsWith(prefix));

/**
 * Checks one answer of a call against the contract and records any violation: the call must be
 * a contract endpoint, and a 2xx JSON answer must come at one of its JSON statuses and match
 * its response schema. Also used by the fake XMLHttpRequest of the upload tests.
 */
export function checkContractAnswer(call: {
  method: string;
  pathname: string;
  status: number;
  /** The answer's JSON, or undefined when it is not JSON (a file, an empty body). */
  json?: { body: unknown };
}): Error | null {
  const label = `${call.method} ${call.pathname}`;
  if (isNonContractCall(call.pathname)) return null;
  const contract = findContractEndpoint(call.method, call.pathname);
  if (!contract) return violation(`Fetch stub: ${label} is no endpoint of @csp/contracts`);
  if (call.status < 200 || call.status > 299 || !call.json) return null;
  const where = `${contract.name} (${contract.endpoint.method} ${contract.endpoint.path})`;
  const statuses: readonly number[] = jsonSuccessStatuses(contract.endpoint);
  if (!statuses.includes(call.status)) {
    return violation(
      `Fetch stub: ${label} answers JSON with ${call.status}, but the contract ${where} ` +
        `answers JSON only with ${statuses.join(', ') || 'no status'}`,
    );
  }
  const result = contract.endpoint.response.safeParse(call.json.body);
  if (result.success) return null;
  const issues = result.error.issues
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  return violation(
    `Fetch stub: the ${call.status} answer to ${label} does not match the contract ${where}: ${issues}`,
  );
}

async function checkResponse(request: StubRequest, response: Response): Promise<Error | null> {
  const isJson = response.headers.get('Content-Type')?.startsWith('application/json') ?? false;
  const checked = isJson && !offContractAnswers.has(response);
  const text = checked ? await response.clone().text() : '';
  return checkContractAnswer({
    method: request.method,
    pathname: request.url.pathname,
    status: response.status,
    json: checked ? { body: text ? (JSON.parse(text) as unknown) : undefined } : undefined,
  });
}

/**
 * Replaces fetch with handlers keyed 'METHOD /path'. Unknown calls answer 404 like the server
 * would, so a test notices a call it did not expect through the app's own error handling.
 * Every call must be one of the contract's endpoints, and every 2xx JSON answer must match
 * that endpoint's response schema, so the fakes cannot drift from what the server answers.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  for (const key of Object.keys(handlers)) {
    const [method = '', path = ''] = key.split(' ');
    if (!isNonContractCall(path) && !findContractEndpoint(method, path)) {
      throw new Error(`Fetch stub: the handler '${key}' is for no endpoint of @csp/contracts`);
    }
  }
  const calls: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { url, method, headers: new Headers(init?.headers), body };
    calls.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    const response = handler ? await handler(request) : json(404, { message: 'Not found' });
    const problem = await checkResponse(request, response);
    if (problem) throw problem;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
