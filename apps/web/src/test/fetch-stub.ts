import { vi } from 'vitest';
import type { Endpoint } from '@csp/contracts';
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

/** The first problem `response` has against its contract endpoint, or null when it fits. */
async function checkAnswer(
  request: StubRequest,
  response: Response,
  contract: { name: string; endpoint: Endpoint } | undefined,
): Promise<Error | null> {
  const call = `${request.method} ${request.url.pathname}`;
  if (!contract) return violation(`Fetch stub: ${call} is no endpoint of @csp/contracts`);
  const isJson = response.headers.get('Content-Type')?.startsWith('application/json') ?? false;
  if (!response.ok || !isJson || offContractAnswers.has(response)) return null;
  const text = await response.clone().text();
  const result = contract.endpoint.response.safeParse(text ? JSON.parse(text) : undefined);
  if (result.success) return null;
  const issues = result.error.issues
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  return violation(
    `Fetch stub: the ${response.status} answer to ${call} does not match the contract ` +
      `${contract.name} (${contract.endpoint.method} ${contract.endpoint.path}): ${issues}`,
  );
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
    if (!findContractEndpoint(method, path)) {
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
    const problem = await checkAnswer(
      request,
      response,
      findContractEndpoint(method, url.pathname),
    );
    if (problem) throw problem;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
