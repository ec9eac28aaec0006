import { describe, expect, it } from 'vitest';
import { resumeSession, type SessionResponse } from '@csp/contracts';
import { FIXTURE_HOSTS, FIXTURE_PASSWORD, testEngines } from '../../test-support/test-app.ts';
import { useSignInBench } from '../../test-support/sign-in-bench.ts';
import { SIGN_IN_LIMITS, tooManySignInAttempts } from './sign-in-limits.ts';

const engines = await testEngines();
const MINUTE = 60_000;

/**
 * One address shared by many people (a campus NAT, a store's shared workstation): a stranger's
 * failures there must not keep out the people who sign in from it, and must still stop guessing
 * for every account that never signed in from it.
 */
describe.each(engines)('sign-in from a shared address (%s)', (engine) => {
  const bench = useSignInBench(engine);
  const { attempt } = bench;

  /** A stranger behind `ip` uses up the address's allowance on accounts of their own making. */
  async function exhaustAddress(ip: string): Promise<void> {
    for (let i = 0; i < SIGN_IN_LIMITS.address.max; i++) {
      expect((await attempt(`stranger${i}@store-a.test`, 'wrong', ip)).statusCode).toBe(401);
    }
    expect((await attempt('stranger-next@store-a.test', 'wrong', ip)).statusCode).toBe(429);
  }

  it('lets a known account’s right password through after a stranger used up the address', async () => {
    const user = 'submitter-dept@store-a.test';
    const ip = '10.21.0.1';
    expect((await attempt(user, FIXTURE_PASSWORD, ip)).statusCode).toBe(200);
    bench.advance(60 * MINUTE); // signed in earlier today; the stranger comes later
    await exhaustAddress(ip);

    const res = await attempt(user, FIXTURE_PASSWORD, ip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SessionResponse>().userName).toBe(user);
  });

  it('still refuses an account from an address it never signed in from, even with the right password', async () => {
    const ip = '10.21.0.2';
    // Known elsewhere: signing in from one address vouches for no other.
    expect((await attempt('admin@store-a.test', FIXTURE_PASSWORD, '10.21.9.9')).statusCode).toBe(
      200,
    );
    await exhaustAddress(ip);

    const res = await attempt('admin@store-a.test', FIXTURE_PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: tooManySignInAttempts(15 * MINUTE) });
    expect(res.headers['retry-after']).toBe(String(15 * 60));
  });

  it('answers a wrong password of a known account as it answers a stranger: the same 429', async () => {
    const user = 'instructor@store-a.test';
    const ip = '10.21.0.3';
    expect((await attempt(user, FIXTURE_PASSWORD, ip)).statusCode).toBe(200);
    await exhaustAddress(ip);

    const known = await attempt(user, 'wrong', ip);
    const unknown = await attempt('admin@store-a.test', 'wrong', ip);
    const nobody = await attempt('nobody-at-all@store-a.test', 'wrong', ip);
    for (const res of [known, unknown, nobody]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: tooManySignInAttempts(15 * MINUTE) });
      expect(res.headers['retry-after']).toBe(String(15 * 60));
    }
  });

  it('keeps the account and address pair’s own limit: five wrong passwords there, then 429', async () => {
    const user = 'instructor-unlinked@store-a.test';
    const ip = '10.21.0.4';
    expect((await attempt(user, FIXTURE_PASSWORD, ip)).statusCode).toBe(200);
    await exhaustAddress(ip);

    for (let i = 0; i < SIGN_IN_LIMITS.pair.max; i++) {
      expect((await attempt(user, 'wrong', ip)).statusCode).toBe(429);
    }
    expect((await attempt(user, FIXTURE_PASSWORD, ip)).statusCode).toBe(429);
    bench.advance(15 * MINUTE);
    expect((await attempt(user, FIXTURE_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('answers a known pair over its own limit as it answers a stranger, minutes later too', async () => {
    const user = 'admin@store-a.test';
    const ip = '10.21.0.7';
    expect((await attempt(user, FIXTURE_PASSWORD, ip)).statusCode).toBe(200);
    await exhaustAddress(ip);
    bench.advance(5 * MINUTE); // the pair's own window starts later than the address's
    const answers = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.pair.max; i++)
      answers.push(await attempt(user, 'wrong', ip));
    const stranger = await attempt('nobody-here@store-a.test', 'wrong', ip);
    expect(stranger.headers['retry-after']).toBe(String(10 * 60));
    for (const res of answers) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(stranger.json());
      expect(res.headers['retry-after']).toBe(stranger.headers['retry-after']);
    }
  });

  it('gives the address no try back when a known account signs in over its limit', async () => {
    const user = 'submitter-unscoped@store-a.test';
    const ip = '10.21.0.5';
    expect((await attempt(user, FIXTURE_PASSWORD, ip)).statusCode).toBe(200);
    await exhaustAddress(ip);
    expect((await attempt(user, FIXTURE_PASSWORD, ip)).statusCode).toBe(200);
    // Had the success refunded an attempt, the stranger would get a guess in now.
    expect((await attempt('stranger-again@store-a.test', 'wrong', ip)).statusCode).toBe(429);
  });

  it('resumes a remember-me session of a known account over the address limit', async () => {
    const user = 'submitter-dept@store-a.test';
    const ip = '10.21.0.6';
    const first = await attempt(user, FIXTURE_PASSWORD, ip);
    expect(first.statusCode).toBe(200);
    await exhaustAddress(ip);

    const resume = (rememberSecret: string, userName = user) =>
      bench.ctx.app.inject({
        method: 'POST',
        url: resumeSession.path,
        headers: { host: FIXTURE_HOSTS.a },
        remoteAddress: ip,
        payload: { userName, rememberSecret },
      });
    const res = await resume(first.json<SessionResponse>().rememberSecret);
    expect(res.statusCode, res.body).toBe(200);
    // A made-up secret gets the address's 429, as a stranger's sign-in would.
    const forged = await resume('1.not-a-real-secret');
    expect(forged.statusCode).toBe(429);
    expect(forged.json()).toEqual({ message: tooManySignInAttempts(15 * MINUTE) });
  });
});
