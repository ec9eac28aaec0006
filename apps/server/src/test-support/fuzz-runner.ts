import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { AUTH_HEADER } from '@csp/contracts';
import fc from 'fast-check';
import type { Operation } from './api-operations.ts';
import { HOSTS, urlOf, type FuzzRequest } from './fuzz-request.ts';
import { describeAnswer, describeRequest, type OperationRun } from './fuzz-report.ts';
import type { Answer, ProblemKind, ResponseJudge } from './response-verdict.ts';

/** The run's settings: a fixed seed by default; the environment replays or widens a run. */
export interface FuzzSettings {
  seed: number;
  runs: number;
  /** Only operations whose key contains this text (FUZZ_OPS), to replay one. */
  only?: string;
  /** Print each valid request that did not get through, and its answer (FUZZ_VERBOSE). */
  verbose: boolean;
}

export const DEFAULT_FUZZ_SEED = 24;

export function fuzzSettings(env: NodeJS.ProcessEnv, defaultRuns: number): FuzzSettings {
  const number = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isSafeInteger(value) || value < 0)
      throw new Error(`${name} must be a whole number`);
    return value;
  };
  return {
    seed: number('FUZZ_SEED', DEFAULT_FUZZ_SEED),
    runs: number('FUZZ_RUNS', defaultRuns),
    ...(env['FUZZ_OPS'] && { only: env['FUZZ_OPS'] }),
    verbose: Boolean(env['FUZZ_VERBOSE']),
  };
}

/** Each operation's own seed, so one operation replays alone (FUZZ_OPS) with the same inputs. */
export function seedFor(seed: number, key: string): number {
  let hash = seed | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** A token of the right shape that no server signed. */
const FORGED_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwic2lkIjoiMSJ9.c2lnbmF0dXJl';

export async function sendFuzzRequest(
  app: FastifyInstance,
  op: Operation,
  request: FuzzRequest,
  adminToken: string,
): Promise<Answer> {
  const headers: Record<string, string> = { host: HOSTS[request.host] };
  if (request.caller === 'admin') headers[AUTH_HEADER] = adminToken;
  if (request.caller === 'forged-token') headers[AUTH_HEADER] = FORGED_TOKEN;
  const { body } = request;
  if (body?.contentType) headers['content-type'] = body.contentType;
  const payload =
    typeof body?.payload === 'string' ? body.payload : body && Buffer.from(body.payload);
  const res = await app.inject({
    method: op.method as 'GET',
    url: urlOf(op, request),
    headers,
    ...(payload !== undefined && { payload }),
  });
  return {
    status: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    body: res.body,
  };
}

/**
 * The app's error log, kept so a 500's report shows the server's own account of it (the
 * answer only says "An unexpected error occurred").
 */
export type ErrorLog = ReturnType<typeof errorLog>;

export function errorLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return {
    logger: pino({ level: 'error' }, stream),
    /** Where the log is now: what is logged after it is `since(mark)`. */
    mark: () => lines.length,
    since(mark: number): string {
      return lines
        .slice(mark)
        .map((line) => {
          const entry = JSON.parse(line) as {
            msg?: string;
            err?: { type?: string; message?: string; stack?: string };
          };
          const stack = entry.err?.stack?.split('\n').slice(0, 4).join(' | ');
          return `${entry.msg ?? ''}: ${stack ?? entry.err?.message ?? ''}`;
        })
        .join('\n');
    },
  };
}

/** What sending one request of an operation needs. */
export interface OperationTarget {
  app: FastifyInstance;
  op: Operation;
  judge: ResponseJudge;
  /** Problems the operation is known to have (they pass, and are reported). */
  known: ProblemKind[];
  /** The administrator's token now (a fuzzed logout may have replaced it). */
  adminToken: () => string;
  log: ErrorLog;
}

export interface FuzzOperationInput extends OperationTarget {
  requests: fc.Arbitrary<FuzzRequest>;
  seed: number;
  runs: number;
  verbose: boolean;
}

/** Sends one request and says which rules its answer breaks ('' when none), and the answer. */
async function sendAndJudge(target: OperationTarget, request: FuzzRequest, run: OperationRun) {
  const { op } = target;
  const mark = target.log.mark();
  const answer = await sendFuzzRequest(target.app, op, request, target.adminToken());
  run.requests += 1;
  run.statuses.set(answer.status, (run.statuses.get(answer.status) ?? 0) + 1);
  if (request.variant === 'valid' && answer.status < 400) run.validAnswered += 1;
  const problems = target.judge.judge(op, answer);
  run.knownProblems.push(...problems.filter((p) => target.known.includes(p.kind)));
  const broken = problems.filter((p) => !target.known.includes(p.kind)).map((p) => p.detail);
  const serverLog = broken.length > 0 ? target.log.since(mark) : '';
  const problem =
    broken.length === 0
      ? ''
      : `${broken.join('; ')}\n  answer: ${describeAnswer(answer)}` +
        (serverLog ? `\n  server log: ${serverLog}` : '');
  return { answer, problem };
}

function newRun(op: Operation): OperationRun {
  return {
    key: op.key,
    requests: 0,
    ms: 0,
    cpuMs: 0,
    statuses: new Map(),
    validAnswered: 0,
    knownProblems: [],
  };
}

/** Runs `work`, adding its wall and CPU time to the run. */
async function timed(run: OperationRun, work: () => Promise<void>): Promise<OperationRun> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await work();
  run.ms += performance.now() - started;
  const used = process.cpuUsage(cpu);
  run.cpuMs += (used.user + used.system) / 1000;
  return run;
}

/**
 * Sends the operation `runs` requests from its arbitrary and judges each answer. On the first
 * broken rule fast-check shrinks the request to the simplest that still breaks it; the run's
 * `failure` names the operation, that request and what came back (with the server's log).
 */
export function fuzzOperation(input: FuzzOperationInput): Promise<OperationRun> {
  const { op } = input;
  const run = newRun(op);
  return timed(run, async () => {
    const property = fc.asyncProperty(input.requests, async (request) => {
      const { answer, problem } = await sendAndJudge(input, request, run);
      if (input.verbose && request.variant === 'valid' && answer.status >= 400) {
        console.info(
          `[contract fuzz] ${describeRequest(op, request)}\n  => ${describeAnswer(answer)}`,
        );
      }
      if (problem) throw new Error(problem);
    });
    const result = await fc.check(property, { seed: input.seed, numRuns: input.runs });
    if (!result.failed) return;
    const error = result.errorInstance;
    const why = error instanceof Error ? error.message : String(error);
    run.failure = result.counterexample
      ? `${op.key} (seed ${input.seed}, after ${result.numRuns} requests, shrunk ${result.numShrinks} times)\n` +
        `  request: ${describeRequest(op, result.counterexample[0])}\n  ${why}`
      : `${op.key} (seed ${input.seed}): the run stopped: ${why}`;
  });
}

/** Sends each of `requests` (a sweep) and judges it; the failure lists every broken one. */
export function sweepOperation(
  target: OperationTarget,
  requests: FuzzRequest[],
): Promise<OperationRun> {
  const run = newRun(target.op);
  return timed(run, async () => {
    const problems: string[] = [];
    for (const request of requests) {
      const { problem } = await sendAndJudge(target, request, run);
      if (problem) problems.push(`  request: ${describeRequest(target.op, request)}\n  ${problem}`);
    }
    if (problems.length > 0) run.failure = `${target.op.key}\n${problems.join('\n')}`;
  });
}
