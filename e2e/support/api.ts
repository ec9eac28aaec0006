import { request as httpRequest } from 'node:http';
import { e2ePort } from './server.ts';

export interface ApiResult<T> {
  status: number;
  body: T;
}

/**
 * Calls the API on 127.0.0.1 with an explicit Host header, so any demo host works without
 * name resolution (Node does not resolve `*.localhost` the way browsers do).
 */
export function callApi<T>(
  host: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: e2ePort(),
        method,
        path,
        headers: {
          host: `${host}:${e2ePort()}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const parsed: unknown = text ? JSON.parse(text) : undefined;
          resolve({ status: res.statusCode ?? 0, body: parsed as T });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}
