import { vi } from 'vitest';

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
 * Replaces fetch with handlers keyed 'METHOD /path'. Unknown calls answer 404 like the server
 * would, so a test notices a call it did not expect through the app's own error handling.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { url, method, headers: new Headers(init?.headers), body };
    calls.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    return handler ? handler(request) : json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
