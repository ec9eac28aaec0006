import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '@csp/contracts';
import { AppError } from '../lib/app-error.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  FIXTURE_PASSWORD,
  testEngines,
  type TestContext,
} from '../test-support/test-app.ts';
import { LoginRateLimiter, TOO_MANY_ATTEMPTS_MESSAGE } from './login-rate-limiter.ts';

const engines = await testEngines();
const keys = (account: string, ip = '1.1.1.1') => ({ account, ip });

function retryAfterOf(fn: () => void): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) return error.headers['retry-after'];
    throw error;
  }
  return undefined;
}

describe('LoginRateLimiter', () => {
  it('blocks an account after 5 failures until the window slides past the first', () => {
    let now = 1_000_000;
    const limiter = new LoginRateLimiter({ now: () => now });
    for (let i = 0; i < 5; i++) {
      expect(retryAfterOf(() => limiter.assertAllowed(keys('1:a')))).toBeUndefined();
      limiter.recordFailure(keys('1:a'));
      now += 60_000;
    }
    expect(retryAfterOf(() => limiter.assertAllowed(keys('1:a')))).toBe(String(10 * 60));
    expect(retryAfterOf(() => limiter.assertAllowed(keys('1:b', '2.2.2.2')))).toBeUndefined();
    now += 10 * 60_000;
    expect(retryAfterOf(() => limiter.assertAllowed(keys('1:a')))).toBeUndefined();
  });

  it('blocks an IP after 20 failures across accounts', () => {
    const limiter = new LoginRateLimiter({ now: () => 0 });
    for (let i = 0; i < 20; i++) limiter.recordFailure(keys(`1:user${i}`));
    expect(retryAfterOf(() => limiter.assertAllowed(keys('1:new')))).toBe(String(15 * 60));
    expect(retryAfterOf(() => limiter.assertAllowed(keys('1:new', '9.9.9.9')))).toBeUndefined();
  });

  it('clears the account counter on success', () => {
    const limiter = new LoginRateLimiter({ now: () => 0 });
    for (let i = 0; i < 5; i++) limiter.recordFailure(keys('1:a', `3.3.3.${i}`));
    limiter.clearAccount('1:a');
    expect(retryAfterOf(() => limiter.assertAllowed(keys('1:a')))).toBeUndefined();
  });
});

describe.each(engines)('sign-in rate limit over HTTP (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  const attempt = (userName: string, password: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: login.path,
      headers: { host: FIXTURE_HOSTS.a },
      remoteAddress: ip,
      payload: { userName, password },
    });

  it('answers 429 with Retry-After on the 6th failed attempt for an account', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await attempt('Instructor@store-a.test', 'wrong', `10.1.0.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const sixth = await attempt('instructor@store-a.test', FIXTURE_PASSWORD, '10.1.0.99');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: TOO_MANY_ATTEMPTS_MESSAGE });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('answers 429 after 20 failures from one IP', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await attempt(`nobody${i}@store-a.test`, 'wrong', '10.2.0.1');
      expect(res.statusCode).toBe(401);
    }
    const next = await attempt('admin@store-a.test', FIXTURE_PASSWORD, '10.2.0.1');
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBeDefined();
    const otherIp = await attempt('admin@store-a.test', FIXTURE_PASSWORD, '10.2.0.2');
    expect(otherIp.statusCode).toBe(200);
  });

  it('clears the account counter after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) await attempt('submitter-dept@store-a.test', 'wrong', '10.3.0.1');
    expect(
      (await attempt('submitter-dept@store-a.test', FIXTURE_PASSWORD, '10.3.0.1')).statusCode,
    ).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await attempt('submitter-dept@store-a.test', 'wrong', '10.3.0.1')).statusCode).toBe(
        401,
      );
    }
  });
});
