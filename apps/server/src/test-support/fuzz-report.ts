import type { Operation } from './api-operations.ts';
import { HOSTS, urlOf, type FuzzRequest } from './fuzz-request.ts';
import type { Answer, Problem, ProblemKind } from './response-verdict.ts';

/** A value for a report: long text cut, bytes counted. */
function brief(value: string | Uint8Array, max = 300): string {
  if (typeof value !== 'string') return `<${value.length} bytes>`;
  const printable = JSON.stringify(value);
  return printable.length > max
    ? `${printable.slice(0, max)}… (${value.length} characters)`
    : printable;
}

export function describeRequest(op: Operation, request: FuzzRequest): string {
  const lines = [
    `${request.variant}: ${op.method} ${brief(urlOf(op, request))} as ${request.caller} on ${HOSTS[request.host]}`,
  ];
  if (request.body) {
    lines.push(
      `  body (${request.body.contentType ?? 'no content type'}): ${brief(request.body.payload)}`,
    );
  }
  return lines.join('\n');
}

export function describeAnswer(answer: Answer): string {
  return `${answer.status} ${answer.contentType || '(no content type)'} ${brief(answer.body)}`;
}

/** What one operation's run did: its answers by status, time, and how it failed if it did. */
export interface OperationRun {
  key: string;
  requests: number;
  /** Wall and CPU milliseconds the operation's requests took. */
  ms: number;
  cpuMs: number;
  statuses: Map<number, number>;
  /** Valid requests answered with a 2xx or 3xx: none means valid requests never got through. */
  validAnswered: number;
  /** Known problems met (the suite's lists of known document mismatches and product faults). */
  knownProblems: Problem[];
  /** The failure: the operation, fast-check's shrunk request and what came back. */
  failure?: string;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * The run in a few lines: requests and time, the slowest operations, those whose valid
 * requests never got through (a hint may be missing), and the known mismatches met or not.
 */
export function runSummary(
  engine: string,
  runs: OperationRun[],
  known: Record<string, ProblemKind[]>,
): string {
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  const wall = runs.reduce((n, r) => n + r.ms, 0);
  const cpu = runs.reduce((n, r) => n + r.cpuMs, 0);
  const slowest = [...runs].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 5);
  const statuses = (r: OperationRun) => [...r.statuses].map(([s, n]) => `${s}x${n}`).join(' ');
  const neverThrough = runs.filter((r) => r.validAnswered === 0);
  const met = runs.filter((r) => r.knownProblems.length > 0);
  const notMet = runs
    .filter((r) => known[r.key] && r.knownProblems.length === 0)
    .filter((r) => [...r.statuses.keys()].some((status) => status < 400));
  return [
    `[contract fuzz ${engine}] ${requests} requests over ${runs.length} operations in ${seconds(wall)} s (${seconds(cpu)} s of CPU)`,
    `  slowest (CPU): ${slowest.map((r) => `${r.key} ${seconds(r.cpuMs)} s`).join(', ')}`,
    `  operations whose valid requests never got through (${neverThrough.length}):`,
    ...neverThrough.map((r) => `    ${r.key} [${statuses(r)}]`),
    `  known problems met (${met.length}):`,
    ...met.map((r) => `    ${r.key}: ${r.knownProblems[0]?.detail}`),
    `  known problems not met, though the operation answered (remove them if fixed): ${notMet.map((r) => r.key).join(', ') || 'none'}`,
  ].join('\n');
}
