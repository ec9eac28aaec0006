import { describe, expect, it } from 'vitest';
import { login } from '@csp/contracts';
import { decide, describeWait, type Limit } from '../throttle/rules.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  FIXTURE_PASSWORD,
  testEngines,
} from '../../test-support/test-app.ts';
import { useSignInBench } from '../../test-support/sign-in-bench.ts';
import { SIGN_IN_LIMITS, tooManySignInAttempts } from './sign-in-limits.ts';

const engines = await testEngines();
const MINUTE = 60_000;

describe('throttle rules', () => {
  const limit: Limit = { max: 2, windowMs: 10 * MINUTE };

  it('allows max attempts per window, then refuses until the window ends', () => {
    const t0 = new Date(1_000_000);
    const first = decide(null, limit, t0);
    expect(first.allowed).toBe(true);
    const second = decide(first.next, limit, new Date(t0.getTime() + MINUTE));
    expect(second.allowed).toBe(true);
    const third = decide(second.next, limit, new Date(t0.getTime() + 2 * MINUTE));
    expect(third).toMatchObject({ allowed: false, waitMs: 8 * MINUTE });
    expect(decide(third.next, limit, new Date(t0.getTime() + 10 * MINUTE)).allowed).toBe(true);
  });

  it('backs off exponentially instead of locking, up to the cap', () => {
    const backoff: Limit = {
      max: Number.POSITIVE_INFINITY,
      windowMs: 15 * MINUTE,
      backoff: { after: 3, baseMs: 1000, maxMs: 4000 },
    };
    let now = 0;
    let state = decide(null, backoff, new Date(now)).next;
    state = decide(state, backoff, new Date(now)).next;
    const third = decide(state, backoff, new Date(now));
    expect(third.allowed).toBe(true);
    expect(third.next.nextAllowedAt?.getTime()).toBe(1000);
    expect(decide(third.next, backoff, new Date(500))).toMatchObject({
      allowed: false,
      waitMs: 500,
    });
    now = 1000;
    const fourth = decide(third.next, backoff, new Date(now));
    expect(fourth.next.nextAllowedAt?.getTime()).toBe(now + 2000);
    now = 3000;
    const fifth = decide(fourth.next, backoff, new Date(now));
    const sixth = decide(fifth.next, backoff, new Date(now + 4000));
    expect(sixth.next.nextAllowedAt?.getTime()).toBe(now + 4000 + 4000);
  });

  it('says when to retry in words', () => {
    expect(describeWait(400)).toBe('1 second');
    expect(describeWait(45_000)).toBe('45 seconds');
    expect(describeWait(61_000)).toBe('2 minutes');
    expect(tooManySignInAttempts(15 * MINUTE)).toBe(
      'Too many sign-in attempts. Try again in 15 minutes.',
    );
  });
});

describe.each(engines)('sign-in limits over HTTP (%s)', (engine) => {
  const bench = useSignInBench(engine);
  const { attempt } = bench;

  it('answers 429 with when to retry on the 6th attempt from one address for an account', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await attempt('Instructor@store-a.test', 'wrong', '10.1.0.1')).statusCode).toBe(401);
    }
    const sixth = await attempt('instructor@store-a.test', FIXTURE_PASSWORD, '10.1.0.1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: tooManySignInAttempts(15 * MINUTE) });
    expect(sixth.headers['retry-after']).toBe(String(15 * 60));
  });

  it('does not let failures from elsewhere lock the owner out (no lock-out as a weapon)', async () => {
    for (let i = 0; i < 9; i++) {
      expect(
        (await attempt('submitter-unscoped@store-a.test', 'wrong', `10.4.0.${i}`)).statusCode,
      ).toBe(401);
    }
    // Nine wrong passwords from nine addresses: the owner, from their own, still signs in.
    expect(
      (await attempt('submitter-unscoped@store-a.test', FIXTURE_PASSWORD, '10.4.1.1')).statusCode,
    ).toBe(200);
  });

  it('slows guessing from many addresses down with an account-wide back-off', async () => {
    const { after } = SIGN_IN_LIMITS.account.backoff;
    for (let i = 0; i < after; i++) {
      expect(
        (await attempt('instructor-unlinked@store-a.test', 'wrong', `10.5.0.${i}`)).statusCode,
      ).toBe(401);
    }
    const tooSoon = await attempt('instructor-unlinked@store-a.test', FIXTURE_PASSWORD, '10.5.1.1');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ message: tooManySignInAttempts(1000) });
    expect(tooSoon.headers['retry-after']).toBe('1');
    bench.advance(1000);
    expect(
      (await attempt('instructor-unlinked@store-a.test', FIXTURE_PASSWORD, '10.5.1.1')).statusCode,
    ).toBe(200);
  });

  it('spares the owner’s known address the back-off that guesses from elsewhere hold open', async () => {
    const user = 'submitter-dept@store-a.test';
    expect((await attempt(user, FIXTURE_PASSWORD, '10.7.0.1')).statusCode).toBe(200);
    const { after } = SIGN_IN_LIMITS.account.backoff;
    for (let i = 0; i < after; i++) {
      expect((await attempt(user, 'wrong', `10.7.1.${i}`)).statusCode).toBe(401);
    }
    // A new address waits out the back-off; the address the owner signed in from does not.
    expect((await attempt(user, FIXTURE_PASSWORD, '10.7.2.1')).statusCode).toBe(429);
    expect((await attempt(user, FIXTURE_PASSWORD, '10.7.0.1')).statusCode).toBe(200);
  });

  it('answers 429 after 20 attempts from one address across accounts', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await attempt(`nobody${i}@store-a.test`, 'wrong', '10.2.0.1')).statusCode).toBe(401);
    }
    const next = await attempt('admin@store-a.test', FIXTURE_PASSWORD, '10.2.0.1');
    expect(next.statusCode).toBe(429);
    expect((await attempt('admin@store-a.test', FIXTURE_PASSWORD, '10.2.0.2')).statusCode).toBe(
      200,
    );
  });

  it('starts over after a successful sign-in', async () => {
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

  it('counts concurrent guesses one by one: 40 at once for one account evaluate only 5', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, () => attempt('admin@store-a.test', 'wrong', '10.6.0.1')),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
  });

  it('counts concurrent guesses for unknown users per address: 200 at once evaluate only 20', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        attempt(`ghost${i % 50}@store-a.test`, 'wrong', '10.6.0.2'),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(180);
  });

  it('behind a named proxy, counts each client by its forwarded address, not the proxy’s', async () => {
    const proxied = await createTestApp(engine, {
      throttleClock: bench.clock,
      config: { trustProxy: ['10.9.0.1'] },
    });
    try {
      const viaProxy = (password: string, client: string, from = '10.9.0.1') =>
        proxied.app.inject({
          method: 'POST',
          url: login.path,
          headers: { host: FIXTURE_HOSTS.a, 'x-forwarded-for': client },
          remoteAddress: from,
          payload: { userName: 'admin@store-a.test', password },
        });
      for (let i = 0; i < 5; i++) {
        expect((await viaProxy('wrong', '192.0.2.10')).statusCode).toBe(401);
      }
      expect((await viaProxy(FIXTURE_PASSWORD, '192.0.2.10')).statusCode).toBe(429);
      // Another client behind the same proxy is not refused for the first one's guesses.
      expect((await viaProxy(FIXTURE_PASSWORD, '192.0.2.20')).statusCode).toBe(200);
      // A client that is not the proxy cannot choose its own address with the header.
      for (let i = 0; i < 5; i++) {
        expect((await viaProxy('wrong', `198.51.100.${i}`, '10.9.9.9')).statusCode).toBe(401);
      }
      expect((await viaProxy(FIXTURE_PASSWORD, '198.51.100.99', '10.9.9.9')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});
