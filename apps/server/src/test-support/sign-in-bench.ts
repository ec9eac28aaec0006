import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { login } from '@csp/contracts';
import { createTestApp, FIXTURE_HOSTS, type Engine, type TestContext } from './test-app.ts';

const DAY = 24 * 60 * 60_000;

/** A test app whose sign-in limits read a clock the tests move, and a login from an address. */
export interface SignInBench {
  readonly ctx: TestContext;
  /** The clock the app's sign-in limits read. */
  clock(): Date;
  advance(ms: number): void;
  attempt(userName: string, password: string, ip: string): Promise<LightMyRequestResponse>;
}

/**
 * For a describe block of the sign-in limit suites: the app on `engine` for the block, and a
 * clock a day later before each test, so every test starts with fresh windows.
 */
export function useSignInBench(engine: Engine): SignInBench {
  let ctx: TestContext | undefined;
  let now = Date.now();
  beforeAll(async () => {
    ctx = await createTestApp(engine, { throttleClock: () => new Date(now) });
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => {
    now += DAY;
  });
  const bench: SignInBench = {
    get ctx() {
      if (!ctx) throw new Error('The sign-in bench is read before its app started');
      return ctx;
    },
    clock: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    attempt: (userName, password, ip) =>
      bench.ctx.app.inject({
        method: 'POST',
        url: login.path,
        headers: { host: FIXTURE_HOSTS.a },
        remoteAddress: ip,
        payload: { userName, password },
      }),
  };
  return bench;
}
