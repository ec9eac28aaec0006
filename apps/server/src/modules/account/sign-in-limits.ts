import { AppError } from '@csp/http-kit';
import {
  describeWait,
  retryAfterSeconds,
  type AttemptThrottle,
  type KeyWait,
  type Limit,
} from '../throttle/index.ts';

const WINDOW_MS = 15 * 60_000;

/**
 * Sign-in limits (password and remember-me). Per account and address pair: 5 attempts per 15
 * minutes, so one address cannot keep guessing one password. Per address: 20, so one address
 * cannot guess across many accounts. Per account, from every address together: no lock-out
 * (that would let anyone lock anyone out) but a back-off from the 10th attempt, 1 s doubling
 * to at most 60 s between attempts, so guessing from many addresses stays slow. An address
 * the account signed in from before (within KNOWN_ADDRESS_MS) is spared that back-off: whoever
 * keeps it busy from elsewhere cannot keep the owner out, who still has their pair's 5 tries.
 * Such an address is also spared the address limit (ADR 0025): a stranger's failures behind a
 * shared address (a campus NAT, a store's workstation) do not keep out the people who sign in
 * from it, while accounts that never signed in from it get no try past the limit.
 */
export const SIGN_IN_LIMITS = {
  pair: { max: 5, windowMs: WINDOW_MS },
  address: { max: 20, windowMs: WINDOW_MS },
  account: {
    max: Number.POSITIVE_INFINITY,
    windowMs: WINDOW_MS,
    backoff: { after: 10, baseMs: 1000, maxMs: 60_000 },
  },
} as const satisfies Record<string, Limit>;

/** How long an address an account signed in from counts as the owner's. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

export function tooManySignInAttempts(waitMs: number): string {
  return `Too many sign-in attempts. Try again in ${describeWait(waitMs)}.`;
}

/** Who is trying to sign in, and from where. */
export interface SignInAttempt {
  locationId: number;
  userName: string;
  ip: string;
}

function keysOf(a: SignInAttempt) {
  const account = `${a.locationId}:${a.userName.trim().toLowerCase()}`;
  return {
    pair: `sign-in:pair:${account}:${a.ip}`,
    address: `sign-in:address:${a.ip}`,
    account: `sign-in:account:${account}`,
    known: `sign-in:known:${account}:${a.ip}`,
  };
}

/**
 * What the limits let an attempt do. Refusals by the pair or account limits are thrown; these
 * are the answers over the address limit, which depend on whether the pair is known.
 */
export type SignInAdmission =
  /** Within every limit: check the credentials; wrong ones get a 401. */
  | { kind: 'within-limits' }
  /**
   * The address is at its limit but the account signed in from it before: check the
   * credentials (not counted against the address); wrong ones get `refusal`, the 429 an
   * unknown pair gets, so the answer does not say the pair is known.
   */
  | { kind: 'known-address'; refusal: AppError }
  /** The address is at its limit and the pair is not known: refused unchecked. */
  | { kind: 'address-refused'; refusal: AppError };

function tooMany(wait: KeyWait[] | number): AppError {
  const waitMs = typeof wait === 'number' ? wait : Math.max(...wait.map((w) => w.waitMs));
  return AppError.tooMany(tooManySignInAttempts(waitMs), retryAfterSeconds(waitMs));
}

export class SignInLimiter {
  constructor(private readonly throttle: AttemptThrottle) {}

  /**
   * Counts the attempt before the credentials are checked, or throws a 429 saying when to retry
   * (also as Retry-After) when the pair or account limit is reached; over the address limit,
   * says what to do (see {@link SignInAdmission}).
   */
  async take(attempt: SignInAttempt): Promise<SignInAdmission> {
    const keys = keysOf(attempt);
    const known = await this.throttle.isMarked(keys.known);
    const result = await this.throttle.take([
      { key: keys.pair, limit: SIGN_IN_LIMITS.pair },
      { key: keys.address, limit: SIGN_IN_LIMITS.address, waivable: known },
      ...(known ? [] : [{ key: keys.account, limit: SIGN_IN_LIMITS.account }]),
    ]);
    if (result.allowed) {
      if (result.waived.length === 0) return { kind: 'within-limits' };
      return { kind: 'known-address', refusal: tooMany(result.waived) };
    }
    // Over the address's limit every refusal is the address's, answered alike (its wait, after
    // as long as a check): a known pair refused by its own limit must not answer sooner or
    // with another wait than a stranger, or the answer would say the pair is known (ADR 0025).
    const address = result.refusedBy.find((r) => r.key === keys.address);
    if (address) return { kind: 'address-refused', refusal: tooMany(address.waitMs) };
    throw tooMany(result.waitMs);
  }

  /**
   * A successful sign-in: its account's counters start over, its address gets its try back
   * (when the try was counted against it), and the address is known as the owner's.
   */
  async succeeded(attempt: SignInAttempt, admission: SignInAdmission): Promise<void> {
    const keys = keysOf(attempt);
    await this.throttle.clear([keys.pair, keys.account]);
    if (admission.kind === 'within-limits') await this.throttle.refund(keys.address);
    await this.throttle.mark(keys.known, KNOWN_ADDRESS_MS);
  }
}
