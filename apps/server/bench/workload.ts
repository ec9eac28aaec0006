import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { BenchEndpoint } from './endpoints.ts';

/** What a store's staff do all day: browse courses, open them, research sections, look up. */
const STAFF_CALLS = [
  'getCourseList (default filters)',
  'getCourseList (text search',
  '(course detail)',
  'sectionList',
  'sectionDetail',
  'student/search',
  'getUserActions',
  'getAdoptionProgressSummary',
];

/** Concurrent connections of the workload, and how long it runs. */
export const WORKLOAD = { connections: 50, seconds: 15 };

interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface WorkloadResult {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  rps: number;
  p50: number;
  p95: number;
  calls: number;
}

/** The HTTP requests the staff endpoints send, recorded from one call of each. */
async function recordRequests(app: FastifyInstance, endpoints: BenchEndpoint[]) {
  const recorded: RecordedRequest[] = [];
  const inject = app.inject.bind(app);
  const recording = (options: InjectOptions) => {
    const { method = 'GET', url, headers = {}, query } = options as InjectOptions & { url: string };
    const payload = options.payload ?? options.body;
    const search = query ? new URLSearchParams(query as Record<string, string>).toString() : '';
    recorded.push({
      method: String(method),
      url: search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url,
      headers: {
        ...(headers as Record<string, string>),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}),
    });
    return inject(options);
  };
  (app as { inject: unknown }).inject = recording;
  try {
    for (const e of endpoints.filter((e) => STAFF_CALLS.some((c) => e.name.includes(c)))) {
      await e.call();
    }
  } finally {
    (app as { inject: unknown }).inject = inject;
  }
  return recorded;
}

/**
 * A mixed staff workload over real HTTP: the server listens, and a separate process keeps
 * WORKLOAD.connections requests in flight for WORKLOAD.seconds, cycling through the calls.
 */
export async function runWorkload(
  app: FastifyInstance,
  endpoints: BenchEndpoint[],
): Promise<WorkloadResult> {
  const requests = await recordRequests(app, endpoints);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = fileURLToPath(new URL('./workload-client.mjs', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [
    client,
    JSON.stringify({ base, requests, ...WORKLOAD }),
  ]);
  return { ...(JSON.parse(stdout) as Omit<WorkloadResult, 'calls'>), calls: requests.length };
}
